/**
 * The calendar date of an instant on a zone's clock (`2026-11-26T03:00:00Z` is `2026-11-25` in
 * America/Chicago); the UTC date without a zone, or with one this runtime does not know. Both the
 * contract's printed dates and the cancellation deadline count days on the company's clock, so a
 * client who signs on an evening west of UTC reads the same day everywhere.
 */
export function calendarDateIn(iso: string, timeZone: string | null | undefined): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an instant: ${iso}`);
  const utc = instant.toISOString().slice(0, 10);
  if (!timeZone) return utc;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(instant);
  } catch {
    return utc;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  const local = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(local) ? local : utc;
}
