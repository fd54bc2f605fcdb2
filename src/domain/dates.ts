import { DATE_WORDS } from './date-words.js';
import { DEFAULT_LANGUAGE, type Language } from './i18n/languages.js';
import { formatDate } from './template-engine/formatters.js';

/**
 * Dates as people read them on contracts, mails and certificates. The UTC ones are built by hand
 * so every runtime (browser, server, any ICU version) prints exactly the same text; the ones on a
 * company's clock (issue 31) take the zone's offset and abbreviation from Intl, and the words
 * (month names, "at" or "a las") from the same catalogue.
 */

/** `November 21, 2026` (Spanish: `21 de noviembre de 2026`); the input itself when it is not a date. */
export function formatLongDate(iso: string, language: Language = DEFAULT_LANGUAGE): string {
  return formatDate(iso, language) || iso;
}

/**
 * `November 21, 2026 at 3:04 PM UTC` (Spanish: `21 de noviembre de 2026 a las 3:04 p. m. UTC`);
 * the input itself when it is not a date.
 */
export function formatUtcDateTime(iso: string, language: Language = DEFAULT_LANGUAGE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getUTCHours();
  const hour = hours % 12 || 12;
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const clock = DATE_WORDS[language].clock(hour, minutes, hours >= 12);
  return DATE_WORDS[language].atUtcTime(formatLongDate(iso, language), clock, hour);
}

/**
 * `2026-11-27 18:29:55 UTC`: a time to the second, for comparing a timestamp authority's clock
 * with this server's (issue 39), where the minute of formatUtcDateTime hides the difference.
 */
export function formatUtcSeconds(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The runtime's own name for an IANA time zone (`america/chicago` becomes `America/Chicago`), or
 * null when it knows no such zone: `new Intl.DateTimeFormat` throws a RangeError for those.
 */
export function canonicalTimeZone(name: string): string | null {
  // Intl also takes offsets such as `+05:00` in newer runtimes; a company's zone is a place.
  if (!/^[A-Za-z]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface ZonedClock {
  year: number;
  month: number;
  day: number;
  /** 0 to 23. */
  hour: number;
  minute: number;
  /** `CST`, `CDT`, or `GMT+1` where the zone has no common abbreviation. */
  zoneName: string;
}

/**
 * The wall clock of a zone at an instant. Unlike the UTC formatters above this leans on the
 * runtime's time zone data: only it knows the offsets and daylight-saving changes.
 */
function zonedClock(date: Date, timeZone: string): ZonedClock | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  } catch {
    return null;
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
    zoneName: part('timeZoneName'),
  };
}

function clockWords(clock: ZonedClock, language: Language): { text: string; hour12: number } {
  const hour12 = clock.hour % 12 || 12;
  const minutes = String(clock.minute).padStart(2, '0');
  const text = `${DATE_WORDS[language].clock(hour12, minutes, clock.hour >= 12)} ${clock.zoneName}`;
  return { text, hour12 };
}

function dateWords(clock: ZonedClock, language: Language): string {
  return DATE_WORDS[language].longDate(clock.year, clock.month, clock.day);
}

/**
 * `December 1, 2026 at 9:31 AM CST` on the company's clock (Spanish: `1 de diciembre de 2026 a
 * las 9:31 a. m. CST`); without a zone, or with one this runtime does not know, formatUtcDateTime's
 * UTC text, as every time read before a company set its zone.
 */
export function formatDateTime(
  iso: string,
  timeZone: string | null | undefined,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const date = new Date(iso);
  const clock = timeZone && !Number.isNaN(date.getTime()) ? zonedClock(date, timeZone) : null;
  if (!clock) return formatUtcDateTime(iso, language);
  const { text, hour12 } = clockWords(clock, language);
  return `${dateWords(clock, language)} ${DATE_WORDS[language].at(hour12)} ${text}`;
}

/** `December 1, 2026` on the company's clock; formatLongDate's UTC date without a zone. */
export function formatLongDateIn(
  iso: string,
  timeZone: string | null | undefined,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const date = new Date(iso);
  const clock = timeZone && !Number.isNaN(date.getTime()) ? zonedClock(date, timeZone) : null;
  return clock ? dateWords(clock, language) : formatLongDate(iso, language);
}

/**
 * `December 1, 2026 at 3:31 PM UTC (9:31 AM CST)`: the authoritative UTC time of a record, with
 * the company's clock beside it (its date too when the day differs:
 * `December 1, 2026 at 3:31 AM UTC (November 30, 2026 at 9:31 PM CST)`). Without a zone, the
 * UTC time alone.
 */
export function formatUtcWithLocal(
  iso: string,
  timeZone: string | null | undefined,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const utc = formatUtcDateTime(iso, language);
  const date = new Date(iso);
  const clock = timeZone && !Number.isNaN(date.getTime()) ? zonedClock(date, timeZone) : null;
  if (!clock) return utc;
  const sameDay =
    clock.year === date.getUTCFullYear() &&
    clock.month === date.getUTCMonth() + 1 &&
    clock.day === date.getUTCDate();
  const local = sameDay
    ? clockWords(clock, language).text
    : formatDateTime(iso, timeZone, language);
  return `${utc} (${local})`;
}
