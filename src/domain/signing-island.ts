import type { Language } from './i18n/languages.js';

/**
 * What the signing page's server-rendered HTML hands its script (issue 20): the island that holds
 * the consent box, the signature pad, Sign Contract, Decline and the done state. It rides in the
 * page as JSON (`<script type="application/json" id="signing-data">`), so the island needs no
 * request of its own and no catalogue: every word is already in the page's language, and the
 * few with values carry `{placeholders}` the island fills in.
 */
export interface SigningIslandData {
  language: Language;
  /** The ESIGN notice version the page showed; the signature records it with the language. */
  consentVersion: string;
  /** SHA-256 of the notice as the page shows it: the server refuses a signature if it changed. */
  consentSha256: string;
  /** The name field: the contractor's entry for the client, which the signer may correct. */
  signerName: { initial: string; most: number };
  decline: { least: number; most: number };
  /** The deposit offered once signed (issue 36): the form posts to /esign/<token>/pay. */
  deposit: { pay: string; later: string; laterNote: string } | null;
  /**
   * What the page says once this signer signed while others still have to (issue 37): "Waiting
   * for Alex Rivera to sign…"; null with one signer.
   */
  othersPending: string | null;
  words: SigningIslandWords;
}

export interface SigningIslandWords {
  /** The consent box's label: the notice's last words. */
  agree: string;
  signerNameLabel: string;
  signerNameDescription: string;
  signerNameMissing: string;
  signerNameTooLong: string;
  /** The button that reloads the page when the notice changed since it was shown. */
  reload: string;
  consentMissing: string;
  padLabel: string;
  padHint: string;
  padClear: string;
  padEmpty: string;
  padSigned: string;
  signatureMissing: string;
  signButton: string;
  signingButton: string;
  toastSignedTitle: string;
  toastSignedMessage: string;
  toastErrorTitle: string;
  toastErrorMessage: string;
  toastDismiss: string;
  doneTitle: string;
  /** "Signed": the signer's own line in "Who signs", once signed here (issue 37). */
  signerSignedNow: string;
  doneMessage: string;
  declineButton: string;
  declineTitle: string;
  declineIntro: string;
  declineReasonLabel: string;
  /** "{count} / {most} characters" */
  declineCounter: string;
  declineTooShort: string;
  declineTooLong: string;
  declineKeepReviewing: string;
  declineConfirm: string;
  declining: string;
  declineFailed: string;
  declineBusy: string;
}

/** The id of the page element whose JSON text is the island's SigningIslandData. */
export const SIGNING_DATA_ELEMENT_ID = 'signing-data';
/** Where the island renders (its server-rendered content is the no-script notice). */
export const SIGNING_ISLAND_ELEMENT_ID = 'signing-island';
/** Where the done state goes once signed: the top of the page. */
export const SIGNING_STATUS_ELEMENT_ID = 'signing-status';
/** The notice and its PDF link, hidden once signed. */
export const SIGNING_CONSENT_ELEMENT_ID = 'signing-consent';

/**
 * A 409 for a signature whose ESIGN notice changed since the page showed it carries this header
 * with this value: the page then asks the client to reload and read it again, instead of
 * reloading on its own as it does for a contract signed, declined or withdrawn meanwhile.
 */
export const SIGNING_REFUSAL_HEADER = 'x-signing-refusal';
export const CONSENT_CHANGED = 'consent-changed';
