import { formatUtcDateTime } from '../../../domain/dates.js';
import { formatUsd } from '../../../domain/money.js';
import { describeEvent, parseEventDetails } from '../../../domain/contract-event-lines.js';
import { formatInTimeZone } from './local-time.js';
import type { CertificateInput, CertificateSigner } from './types.js';

/**
 * Everything the template prints, already formatted, as plain strings: the template only lays
 * them out and escapes them (eta's `<%= %>`), so the rules stay here where they are typed and
 * unit-tested.
 */
export interface SignerView {
  heading: string;
  name: string;
  email: string;
  signedUtc: string;
  signedLocal: string;
  ip: string;
  device: string;
  consent: string;
  /** A validated PNG data URL, or null to print "no signature image". */
  signatureSrc: string | null;
}

export interface EventView {
  at: string;
  name: string;
  actor: string;
  ip: string;
  device: string;
}

export interface CertificateView {
  contractId: number;
  heading: string;
  companyName: string;
  total: string;
  completedAt: string;
  contractor: { company: string; name: string | null; email: string };
  client: { name: string; email: string };
  signers: SignerView[];
  events: EventView[];
  snapshotSha256: string;
  /** Null before sealing: the template then prints PAGES_HASH_AT_SEALING in words. */
  contractPagesSha256: string | null;
  pagesHashAtSealing: string;
  verifyUrl: string;
  /** The verify URL as a link target, only when it is http(s). */
  verifyHref: string | null;
  qrSrc: string;
}

export const DEFAULT_TITLE = 'Home Improvement Contract';
export const NOT_RECORDED = 'not recorded';
export const PAGES_HASH_AT_SEALING = 'computed at sealing (the verification page checks it)';

/**
 * Only an inline PNG may become a signature image: escaping keeps a value from breaking out of
 * the attribute, but not an http: or file: URL from making the renderer fetch something.
 */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export function pngDataUrl(value: string | null): string | null {
  return value && PNG_DATA_URL.test(value) ? value : null;
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function consentLine(signer: CertificateSigner): string {
  if (signer.role === 'client') {
    return signer.consent
      ? `Consent to electronic records and signatures: given (disclosure version ${signer.consent})`
      : `Consent to electronic records and signatures: ${NOT_RECORDED}`;
  }
  return signer.consent
    ? `Legal acknowledgment accepted (version ${signer.consent})`
    : `Legal acknowledgment: ${NOT_RECORDED}`;
}

function signerView(signer: CertificateSigner, companyName: string): SignerView {
  return {
    heading: signer.role === 'contractor' ? `Contractor (${companyName})` : 'Client',
    name: signer.name,
    email: signer.email,
    signedUtc: formatUtcDateTime(signer.signedAt),
    signedLocal: formatInTimeZone(signer.signedAt, signer.timeZone),
    ip: signer.ip ?? NOT_RECORDED,
    device: signer.userAgent ?? NOT_RECORDED,
    consent: consentLine(signer),
    signatureSrc: pngDataUrl(signer.signaturePng),
  };
}

const ROLE_ORDER = { contractor: 0, client: 1 } as const;

export function certificateView(input: CertificateInput, qrSrc: string): CertificateView {
  const title = input.title.trim() || DEFAULT_TITLE;
  // The contractor signs first, so that order reads as what happened; sort is stable.
  const signers = [...input.signers].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return {
    contractId: input.contractId,
    heading: `Contract #${input.contractId} — ${title}`,
    companyName: input.companyName,
    total: formatUsd(input.totalCents),
    completedAt: formatUtcDateTime(input.completedAt),
    contractor: {
      company: input.companyName,
      name: input.contractorName?.trim() || null,
      email: input.contractorEmail,
    },
    client: { name: input.clientName, email: input.clientEmail },
    signers: signers.map((signer) => signerView(signer, input.companyName)),
    // Kept in the order given: the table is append-only, so its order is the record.
    events: input.events.map((event) => ({
      at: formatUtcDateTime(event.at),
      name: describeEvent({ ...event, details: parseEventDetails(event.details) }, 'record'),
      // No person acted (a mail delivered, the contract completed): the system did.
      actor: event.actor ?? 'TradeSign',
      ip: event.ip ?? '',
      device: event.user_agent ?? '',
    })),
    snapshotSha256: input.snapshotSha256,
    contractPagesSha256: input.contractPagesSha256,
    pagesHashAtSealing: PAGES_HASH_AT_SEALING,
    verifyUrl: input.verifyUrl,
    verifyHref: httpUrl(input.verifyUrl),
    qrSrc,
  };
}
