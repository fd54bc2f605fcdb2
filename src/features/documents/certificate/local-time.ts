/** What the certificate says when the signer's browser did not give a usable time zone. */
export const TIME_ZONE_NOT_RECORDED = 'time zone not recorded';

/**
 * `November 21, 2026 at 9:04:05 AM CST (America/Chicago)`: the signing time as the signer's own
 * clock showed it. Unlike formatUtcDateTime this leans on the runtime's ICU data, which is fine
 * here because the UTC time printed beside it is the authoritative one. The zone comes from the
 * signer's browser, so a missing or unknown one (Intl throws a RangeError) is reported in words
 * rather than failing the whole executed copy.
 */
export function formatInTimeZone(iso: string, timeZone: string | null): string {
  if (!timeZone) return TIME_ZONE_NOT_RECORDED;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long', timeStyle: 'long' });
  } catch {
    return TIME_ZONE_NOT_RECORDED;
  }
  const date = new Date(iso);
  // Same rule as formatUtcDateTime: a value that is not a date is shown as it is.
  if (Number.isNaN(date.getTime())) return iso;
  return `${format.format(date)} (${format.resolvedOptions().timeZone})`;
}
