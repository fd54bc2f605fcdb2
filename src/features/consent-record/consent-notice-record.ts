import {
  consentNotice,
  isKnownConsentVersion,
  type ConsentFacts,
  type ConsentNotice,
} from '../../domain/esign-consent/notice.js';
import { factsFromConsentDetails } from '../../domain/esign-consent/consent-record.js';
import { noticeSha256 } from './notice-hash.js';
import { languageOr, type Language } from '../../domain/i18n/languages.js';

/**
 * The ESIGN notice a client accepted, as the record lets us print it (issue 32): rebuilt from the
 * `consented` event's version, language and facts, and printed only when its SHA-256 is the one
 * recorded at signing. A consent recorded before hashes were kept prints its version's text, said
 * to be that; anything else says the text was not recorded, never a guess.
 */
export type ConsentNoticeRecord =
  | { kind: 'shown'; notice: ConsentNotice; sha256: string }
  | { kind: 'older'; notice: ConsentNotice }
  | {
      kind: 'mismatch';
      version: string;
      language: Language;
      recordedSha256: string;
      rebuiltSha256: string | null;
    }
  | { kind: 'not_recorded' };

const NO_FACTS: ConsentFacts = {
  companyName: null,
  companyPhone: null,
  companyEmail: null,
  paperCopyFeeCents: null,
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function rebuilt(version: string, language: Language, facts: ConsentFacts): ConsentNotice | null {
  return isKnownConsentVersion(version) ? consentNotice(version, language, facts) : null;
}

/** What to print of the notice behind a `consented` event's details (null: no such event). */
export function consentNoticeRecord(
  details: Record<string, unknown> | null | undefined,
): ConsentNoticeRecord {
  const version = text(details?.disclosure_version);
  if (!details || !version) return { kind: 'not_recorded' };
  const language = languageOr(details.disclosure_language);
  const recordedSha256 = text(details.disclosure_sha256);
  if (!recordedSha256) {
    const notice = rebuilt(version, language, NO_FACTS);
    return notice ? { kind: 'older', notice } : { kind: 'not_recorded' };
  }
  const notice = rebuilt(version, language, factsFromConsentDetails(details) ?? NO_FACTS);
  const rebuiltSha256 = notice ? noticeSha256(notice) : null;
  if (notice && rebuiltSha256 === recordedSha256) {
    return { kind: 'shown', notice, sha256: recordedSha256 };
  }
  return { kind: 'mismatch', version, language, recordedSha256, rebuiltSha256 };
}
