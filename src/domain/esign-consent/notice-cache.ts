import type { Language } from '../i18n/languages.js';
import { consentNotice, type ConsentFacts, type ConsentNotice } from './notice.js';

/**
 * The notices shown lately, by version, language and facts, least recently used first. Every
 * view of a signing page shows one; there are few distinct ones (a contractor's details change
 * rarely), so each is built once instead of at every view (issue 33).
 */
const recent = new Map<string, ConsentNotice>();
const MOST_KEPT = 256;

/**
 * `consentNotice(version, language, facts)`, the same words, built once per distinct version,
 * language and facts while it is in use. Shared between callers, so frozen: a caller cannot
 * change the words another caller shows. The facts are part of the key whole, so a fact added
 * to ConsentFacts later is part of it too.
 */
export function sharedConsentNotice(
  version: string,
  language: Language,
  facts: ConsentFacts,
): ConsentNotice {
  const key = JSON.stringify([version, language, facts]);
  const known = recent.get(key);
  if (known) {
    // Kept as the most recently used.
    recent.delete(key);
    recent.set(key, known);
    return known;
  }
  const notice = frozen(consentNotice(version, language, facts));
  if (recent.size >= MOST_KEPT) recent.delete(recent.keys().next().value!);
  recent.set(key, notice);
  return notice;
}

function frozen(notice: ConsentNotice): ConsentNotice {
  for (const section of notice.sections) Object.freeze(section);
  Object.freeze(notice.sections);
  return Object.freeze(notice);
}
