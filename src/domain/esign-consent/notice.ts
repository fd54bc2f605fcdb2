import { messagesFor } from '../i18n/catalogue.js';
import type { Language } from '../i18n/languages.js';
import type { ConsentFacts, NoticeWords } from './types.js';

export type { ConsentFacts } from './types.js';

/**
 * The ESIGN Act consumer notice (15 U.S.C. 7001(c)(1)) the homeowner reads in full on
 * /esign/:token before ticking the consent box. Its words are the catalogues' (en and es
 * consent-notice.ts), one text per version; the contractor's name, phone, email and paper-copy
 * fee fill it in. Any change of words in either language is a new version: the signature
 * records the version, the language, the facts and the SHA-256 of the text shown
 * (src/features/esign/notice-hash.ts), and a test pins every version's hash. Pure: the browser
 * bundle may import it.
 */
export const ESIGN_CONSENT_VERSION = '2026-11-29';

/** Oldest first. '2026-11-21' stays so consents given under it still resolve to their text. */
export const ESIGN_CONSENT_VERSIONS: readonly string[] = ['2026-11-21', ESIGN_CONSENT_VERSION];

export function isKnownConsentVersion(version: string): boolean {
  return ESIGN_CONSENT_VERSIONS.includes(version);
}

export interface ConsentNotice extends NoticeWords {
  version: string;
  language: Language;
}

/** The notice as shown for this version, language and facts; throws on an unknown version. */
export function consentNotice(
  version: string,
  language: Language,
  facts: ConsentFacts,
): ConsentNotice {
  const texts = messagesFor(language).signing.consent.notices;
  const words = isKnownConsentVersion(version) ? texts[version] : undefined;
  if (!words) throw new Error(`Unknown ESIGN consent version: ${version}`);
  return { version, language, ...words(facts) };
}

/**
 * The canonical plain text that is hashed and printed: the title, then each section as its
 * heading and text on two lines, then the checkbox label, joined by blank lines. The first
 * version has an untitled opening paragraph; a section without a heading is its text alone.
 */
export function noticeText(notice: ConsentNotice): string {
  const sections = notice.sections.map(({ heading, text }) =>
    heading ? `${heading}\n${text}` : text,
  );
  return [notice.title, ...sections, notice.checkbox].join('\n\n');
}
