import { DATE_WORDS } from './date-words.js';
import { DEFAULT_LANGUAGE, type Language } from './i18n/languages.js';
import { formatDate } from './template-engine/formatters.js';

/**
 * Dates as people read them on contracts, mails and certificates, always in UTC and built by hand
 * so every runtime (browser, server, any ICU version) prints exactly the same text.
 */

/** `November 21, 2026` (Spanish: `noviembre 21, 2026`); the input itself when it is not a date. */
export function formatLongDate(iso: string, language: Language = DEFAULT_LANGUAGE): string {
  return formatDate(iso, language) || iso;
}

/**
 * `November 21, 2026 at 3:04 PM UTC` (Spanish: `noviembre 21, 2026 a las 3:04 PM UTC`); the
 * input itself when it is not a date.
 */
export function formatUtcDateTime(iso: string, language: Language = DEFAULT_LANGUAGE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getUTCHours();
  const hour = hours % 12 || 12;
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const clock = `${hour}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return DATE_WORDS[language].atUtcTime(formatLongDate(iso, language), clock, hour);
}
