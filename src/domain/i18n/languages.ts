/**
 * The languages a client may read their contract in (issue 20): the contractor picks one per
 * contract in the wizard, the homeowner may switch on the signing page. English is the default.
 * Money and dates stay US-formatted in both, as the product spec requires; Spanish only swaps
 * the words (and the month names).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or requested language, or the default for anything else (old rows, junk). */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}
