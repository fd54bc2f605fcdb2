import type { Language } from '../../../domain/i18n/languages.js';
import type { ConsentNoticeGroup } from '../../consent-record/consent-notice-groups.js';

/** One person's signature on the contract, as recorded when they signed. */
export interface CertificateSigner {
  role: 'contractor' | 'client';
  /** The name the signer typed when signing (the client's, issue 32), else the name on file. */
  name: string;
  /**
   * The client's name as the contractor entered it, printed beside the typed one when the two
   * differ. Left out for the contractor.
   */
  enteredName?: string | null;
  email: string;
  /** ISO time of the signature. */
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  /** IANA zone reported by the signer's browser (`America/Chicago`); null when not recorded. */
  timeZone: string | null;
  /**
   * The version of the text the signer accepted: the ESIGN disclosure for the client, the legal
   * acknowledgment for the contractor. Null when none was recorded.
   */
  consent: string | null;
  /** The language of the ESIGN disclosure the client agreed to, when it was recorded. */
  consentLanguage?: Language | null;
  /** SHA-256 (hex) of the notice text the client was shown, when it was recorded (issue 32). */
  consentSha256?: string | null;
  /** `data:image/png;base64,...` of the drawn signature. */
  signaturePng: string | null;
  /**
   * When this client first opened their signing link (issue 37); null when it was not recorded.
   * Left out for the contractor.
   */
  openedAt?: string | null;
}

/** A row of `contract_events`, as the audit trail reads it (docs/decisions/021). */
export interface CertificateEvent {
  type: string;
  at: string;
  actor: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON facts of the event (the reminder, the reason, the link used), when it has some. */
  details?: string | null;
}

/** What a change order's certificate says of the contract it changes (issue 38). */
export interface ChangedContract {
  /** The change order's number in its contract's line: "Change Order 2". */
  number: number;
  contractId: number;
  /** SHA-256 (hex) of that contract's sealed copy; null when it has none yet. */
  contractSha256: string | null;
}

export interface CertificateInput {
  contractId: number;
  /**
   * Set for a change order (docs/decisions/049): its certificate is named by its number and its
   * contract, and names that contract's sealed copy. Left out or null for a contract.
   */
  changeOrder?: ChangedContract | null;
  /** The contract's language: the headings, labels and dates (docs/decisions/029); English by default. */
  language?: Language;
  /** The contract's title; blank means "Home Improvement Contract". */
  title: string;
  companyName: string;
  /** The contractor's typed name, when they gave one. */
  contractorName: string | null;
  contractorEmail: string;
  clientName: string;
  clientEmail: string;
  totalCents: number;
  /** ISO time the contract was completed (the last client's signature). */
  completedAt: string;
  signers: CertificateSigner[];
  /** In the order they happened (contract_events by id). */
  events: CertificateEvent[];
  /** SHA-256 (hex) of the HTML snapshot the client was shown. */
  snapshotSha256: string;
  /** SHA-256 (hex) of the contract pages of the PDF; null when only known at sealing. */
  contractPagesSha256: string | null;
  /** Absolute URL of the public verification page. */
  verifyUrl: string;
  /**
   * The company's own seal certificate (issue 39): who the seal names and who vouches for them.
   * Left out: the app's generated certificate, and the page says TradeSign sealed it.
   */
  sealedBy?: { commonName: string; issuerCommonName: string; fingerprintSha256: string };
  /**
   * A timestamp authority's time for the contract pages (issue 39), or that it did not answer.
   * Left out: none is configured, and the page says nothing of it.
   */
  timestamp?:
    | { kind: 'stamped'; authority: string; host: string; at: string; serverAt: string }
    | { kind: 'unavailable'; host: string };
  /**
   * The company's IANA time zone (issue 31): its clock is printed beside each UTC time. Null or
   * left out: UTC alone.
   */
  companyTimeZone?: string | null;
  /**
   * The ESIGN notices the clients accepted, each printed on an appendix page after the
   * certificate (issue 32), each distinct one once with who accepted it (issue 37). Left out or
   * empty: no appendix.
   */
  consentNotices?: ConsentNoticeGroup[];
}
