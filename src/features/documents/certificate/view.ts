import { formatUtcDateTime, formatUtcSeconds, formatUtcWithLocal } from '../../../domain/dates.js';
import { messagesFor, type Messages } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';
import { formatUsd } from '../../../domain/money.js';
import {
  describeActor,
  describeEvent,
  namesSigners,
  parseEventDetails,
} from '../../../domain/contract-event-lines.js';
import { appendixView, type AppendixView } from '../../consent-record/appendix-view.js';
import {
  certifiedDocumentName,
  changedContractView,
  type ChangedContractView,
} from './changed-contract-view.js';
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
  /** "Name", or the typed name and the contractor's entry when they differ (issue 32). */
  names: { label: string; value: string }[];
  email: string;
  signedUtc: string;
  signedLocal: string;
  /** When a client first opened their link, in words; null for the contractor (no row). */
  opened: string | null;
  ip: string;
  device: string;
  consent: string;
  /** The notice's recorded SHA-256, printed under the consent line. */
  consentSha256: string | null;
  /** Points to the appendix, when the certificate carries the notice there. */
  consentNote: string | null;
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

type CertificateWords = Messages['certificate'];

export interface CertificateView {
  /** The `lang` of the page, and its headings and labels. */
  lang: Language;
  t: CertificateWords;
  contractId: number;
  /** The page's `<title>`. */
  documentTitle: string;
  heading: string;
  /** A change order's contract and that contract's sealed copy (issue 38); null for a contract. */
  changedContract: ChangedContractView | null;
  companyName: string;
  total: string;
  completedAt: string;
  contractor: { company: string; name: string | null; email: string };
  /** Every client who signed (issue 37), the client of record first. */
  clients: { name: string; email: string }[];
  signers: SignerView[];
  events: EventView[];
  snapshotSha256: string;
  /** Null before sealing: the template then prints `pagesHashAtSealing` in words. */
  contractPagesSha256: string | null;
  pagesHashAtSealing: string;
  /** Who sealed the document, in a sentence: TradeSign's own words unless a company certificate did. */
  sealedBy: string;
  /** The timestamp authority's time for the contract pages, or why there is none; null when none is set up. */
  timestamp: string | null;
  verifyUrl: string;
  /** The verify URL as a link target, only when it is http(s). */
  verifyHref: string | null;
  qrSrc: string;
  /** An email address in the pieces it may wrap between (address.html.eta). */
  addressParts: (address: string) => string[];
  /** The notices the clients accepted, each on a page of its own after the certificate. */
  appendices: AppendixView[];
}

/**
 * Only an inline PNG may become a signature image: escaping keeps a value from breaking out of
 * the attribute, but not an http: or file: URL from making the renderer fetch something.
 */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export function pngDataUrl(value: string | null): string | null {
  return value && PNG_DATA_URL.test(value) ? value : null;
}

/**
 * Where an email address may wrap: after its @ and before each dot, never inside a word, so no
 * address in the certificate is printed broken mid-name (issue 31).
 */
export function addressParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/);
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function consentLine(signer: CertificateSigner, words: CertificateWords): string {
  const { consent } = words;
  if (signer.role === 'client') {
    if (!signer.consent) return consent.notRecorded;
    // Which language the disclosure was read in, once the signing page records it (issue 20).
    return signer.consentLanguage
      ? consent.givenIn(words.languageNames[signer.consentLanguage], signer.consent)
      : consent.given(signer.consent);
  }
  return signer.consent ? consent.acknowledged(signer.consent) : consent.acknowledgmentNotRecorded;
}

/** One name row, or two when the client typed a name other than the contractor's entry. */
function nameRows(signer: CertificateSigner, words: CertificateWords): SignerView['names'] {
  const entered = signer.enteredName?.trim();
  if (!entered || entered === signer.name.trim()) {
    return [{ label: words.signer.name, value: signer.name }];
  }
  return [
    { label: words.signer.typedName, value: signer.name },
    { label: words.signer.enteredName, value: entered },
  ];
}

/** A client's first opening (issue 37): its time, or that it was not recorded; none when not given. */
function openedLine(
  signer: CertificateSigner,
  language: Language,
  words: CertificateWords,
): string | null {
  if (signer.role !== 'client' || signer.openedAt === undefined) return null;
  return signer.openedAt ? formatUtcDateTime(signer.openedAt, language) : words.notRecorded;
}

function signerView(
  signer: CertificateSigner,
  heading: string,
  language: Language,
  withAppendix: boolean,
): SignerView {
  const words = messagesFor(language).certificate;
  const client = signer.role === 'client';
  return {
    heading,
    name: signer.name,
    names: nameRows(signer, words),
    email: signer.email,
    signedUtc: formatUtcDateTime(signer.signedAt, language),
    signedLocal: formatInTimeZone(signer.signedAt, signer.timeZone, language),
    opened: openedLine(signer, language, words),
    ip: signer.ip ?? words.notRecorded,
    device: signer.userAgent ?? words.notRecorded,
    consent: consentLine(signer, words),
    consentSha256: client ? (signer.consentSha256 ?? null) : null,
    consentNote: client && withAppendix ? words.consent.inAppendix : null,
    signatureSrc: pngDataUrl(signer.signaturePng),
  };
}

const ROLE_ORDER = { contractor: 0, client: 1 } as const;

export function certificateView(input: CertificateInput, qrSrc: string): CertificateView {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const words = messagesFor(language).certificate;
  const title = input.title.trim() || words.defaultTitle;
  // The contractor signs first, so that order reads as what happened; sort is stable.
  const signers = [...input.signers].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  const clients = signers.filter((signer) => signer.role === 'client');
  const several = clients.length > 1;
  // Each distinct notice once; whose it is, when several clients signed (issue 37).
  const appendices = (input.consentNotices ?? []).map((group) =>
    appendixView(group.record, language, several ? group.acceptedBy : []),
  );
  const withAppendix = appendices.some((appendix) => appendix.notice !== null);
  const heading = (signer: CertificateSigner) => {
    if (signer.role === 'contractor') return words.signer.contractor(input.companyName);
    return several
      ? words.signer.clientOf(clients.indexOf(signer) + 1, clients.length)
      : words.signer.client;
  };
  const events = input.events.map((event) => ({
    ...event,
    details: parseEventDetails(event.details),
  }));
  // Several clients: each of their lines in the timeline says who (issue 37).
  const nameSigner = several || namesSigners(events);
  const certified = certifiedDocumentName(input.contractId, input.changeOrder, words);
  return {
    lang: language,
    t: words,
    contractId: input.contractId,
    documentTitle: certified.documentTitle,
    heading: certified.heading(title),
    changedContract: changedContractView(input.changeOrder, words),
    companyName: input.companyName,
    total: formatUsd(input.totalCents),
    // UTC stays the record's time; the company's clock goes beside it (issue 31).
    completedAt: formatUtcWithLocal(input.completedAt, input.companyTimeZone, language),
    contractor: {
      company: input.companyName,
      name: input.contractorName?.trim() || null,
      email: input.contractorEmail,
    },
    clients: several
      ? clients.map((client) => ({ name: client.name, email: client.email }))
      : [{ name: input.clientName, email: input.clientEmail }],
    signers: signers.map((signer) => signerView(signer, heading(signer), language, withAppendix)),
    // Kept in the order given: the table is append-only, so its order is the record.
    events: events.map((event) => ({
      at: formatUtcWithLocal(event.at, input.companyTimeZone, language),
      name: describeEvent(event, messagesFor(language).events, { nameSigner }),
      actor: describeActor(event.actor, words.parties.client),
      ip: event.ip ?? '',
      device: event.user_agent ?? '',
    })),
    snapshotSha256: input.snapshotSha256,
    contractPagesSha256: input.contractPagesSha256,
    pagesHashAtSealing: words.integrity.pagesAtSealing,
    sealedBy: input.sealedBy
      ? words.integrity.sealedBy(
          input.sealedBy.commonName,
          input.sealedBy.issuerCommonName,
          input.sealedBy.fingerprintSha256,
        )
      : words.integrity.sealed,
    timestamp: timestampSentence(input, language),
    verifyUrl: input.verifyUrl,
    verifyHref: httpUrl(input.verifyUrl),
    qrSrc,
    addressParts,
    appendices,
  };
}

function timestampSentence(input: CertificateInput, language: Language): string | null {
  const stamp = input.timestamp;
  if (!stamp) return null;
  const words = messagesFor(language).certificate.integrity;
  if (stamp.kind === 'unavailable') return words.noTimestamp(stamp.host);
  // To the second: the two clocks are compared, and they differ by seconds.
  return words.timestamped(
    stamp.authority,
    stamp.host,
    formatUtcSeconds(stamp.at),
    formatUtcSeconds(stamp.serverAt),
  );
}
