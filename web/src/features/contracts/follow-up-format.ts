import type { ContractSummary } from '@domain/contracts.schemas';

/** Dates on the contracts screen and a contract's page, in the contractor's own time zone. */

const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const mediumDateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
// Weekday and clock in the browser's own locale: "Tue 3:14 PM", "mar. 15:14".
const weekdayTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const dayTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** Within six days a weekday names one day only; older openings get their date. */
const WEEKDAY_IS_UNAMBIGUOUS_MS = 6 * 24 * 60 * 60 * 1000;

/** `Dec 24, 2026`. */
export const formatDate = (iso: string) => mediumDate.format(new Date(iso));
/** `Nov 28`. */
export const formatMonthDay = (iso: string) => monthDay.format(new Date(iso));
/** `Nov 28, 2026, 3:14 PM`. */
export const formatDateTime = (iso: string) => mediumDateTime.format(new Date(iso));
/** `3:14 PM`. */
export const formatClock = (iso: string) => clock.format(new Date(iso));

/** "Link expires Dec 24, 2026" while sent, "Link expired ..." once expired. */
export function expiryText(status: ContractSummary['status'], expiresAt: string | null) {
  if (!expiresAt) return null;
  if (status === 'sent') return `Link expires ${formatDate(expiresAt)}`;
  if (status === 'expired') return `Link expired ${formatDate(expiresAt)}`;
  return null;
}

/** A weekday within the last week ("Tue 3:14 PM"), a date before that ("Nov 3, 3:14 PM"). */
function whenOpened(iso: string): string {
  const at = new Date(iso);
  return Date.now() - at.getTime() < WEEKDAY_IS_UNAMBIGUOUS_MS
    ? weekdayTime.format(at)
    : dayTime.format(at);
}

/** "Opened 2 times, last Tue 3:14 PM", "Opened once, last ...", "Not opened yet". */
export function openingsText(views: NonNullable<ContractSummary['views']>): string {
  if (views.count === 0) return 'Not opened yet';
  const times = views.count === 1 ? 'once' : `${views.count} times`;
  return views.last_at ? `Opened ${times}, last ${whenOpened(views.last_at)}` : `Opened ${times}`;
}

const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z/g;

/** A server sentence with its ISO instants read as clock times ("... can go at 3:14 PM"). */
export function readableInstants(message: string): string {
  return message.replace(ISO_INSTANT, (iso) =>
    Number.isNaN(Date.parse(iso)) ? iso : formatClock(iso),
  );
}
