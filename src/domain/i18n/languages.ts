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

/**
 * The language a browser asks for first (`Accept-Language: es-MX,es;q=0.9,en;q=0.8` is Spanish),
 * for the account's own mails (issue 34): any Spanish is `es`, anything else English.
 */
export function languageOfAcceptLanguage(header: string | undefined): Language {
  let best: { tag: string; quality: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    const quality = q === undefined ? 1 : Number(q);
    // The first of equal preference wins, as the header lists them in order.
    if (tag && Number.isFinite(quality) && quality > 0 && (!best || quality > best.quality)) {
      best = { tag, quality };
    }
  }
  return best && /^es(-|$)/i.test(best.tag) ? 'es' : DEFAULT_LANGUAGE;
}
