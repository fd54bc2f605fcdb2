import { formatDate } from './template-engine/formatters.js';

/**
 * Dates as people read them on contracts, mails and certificates, always in UTC and built by hand
 * so every runtime (browser, server, any ICU version) prints exactly the same text.
 */

/** `November 21, 2026`; the input itself when it is not a date. */
export function formatLongDate(iso: string): string {
  return formatDate(iso) || iso;
}

/** `November 21, 2026 at 3:04 PM UTC`; the input itself when it is not a date. */
export function formatUtcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const clock = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${formatLongDate(iso)} at ${clock} UTC`;
}
