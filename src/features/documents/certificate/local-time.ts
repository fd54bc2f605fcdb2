import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';

/** What the certificate says when the signer's browser did not give a usable time zone. */
export const TIME_ZONE_NOT_RECORDED = messagesFor(DEFAULT_LANGUAGE).certificate.timeZoneNotRecorded;

const ENGLISH_MONTHS = messagesFor('en').dates.months;

/**
 * `November 21, 2026 at 9:04:05 AM CST (America/Chicago)`: the signing time as the signer's own
 * clock showed it. Unlike formatUtcDateTime this leans on the runtime's ICU data, which is fine
 * here because the UTC time printed beside it is the authoritative one. The zone comes from the
 * signer's browser, so a missing or unknown one (Intl throws a RangeError) is reported in words
 * rather than failing the whole executed copy.
 */
export function formatInTimeZone(
  iso: string,
  timeZone: string | null,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const words = messagesFor(language);
  if (!timeZone) return words.certificate.timeZoneNotRecorded;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long', timeStyle: 'long' });
  } catch {
    return words.certificate.timeZoneNotRecorded;
  }
  const date = new Date(iso);
  // Same rule as formatUtcDateTime: a value that is not a date is shown as it is.
  if (Number.isNaN(date.getTime())) return iso;
  const zone = format.resolvedOptions().timeZone;
  if (language === 'en') return `${format.format(date)} (${zone})`;
  // Other languages write the date their own way (`21 de noviembre de 2026 a las 9:04:05 a. m.
  // CST`): the parts come from ICU, the words from the catalogue.
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  const month = ENGLISH_MONTHS.indexOf(part('month')) + 1;
  const hour = Number(part('hour'));
  const seconds = `${part('minute')}:${part('second')}`;
  const afternoon = part('dayPeriod').toUpperCase() === 'PM';
  const dateText = words.dates.longDate(Number(part('year')), month, Number(part('day')));
  const clock = words.dates.clock(hour, seconds, afternoon);
  return `${dateText} ${words.dates.at(hour)} ${clock} ${part('timeZoneName')} (${zone})`;
}
