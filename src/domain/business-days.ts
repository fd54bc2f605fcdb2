/**
 * Business days as the FTC Cooling-Off Rule counts them (16 CFR 429.0): every calendar day
 * except Sundays and the ten holidays the rule names. Saturdays count. A holiday is its own date:
 * the weekday some employers take off instead (Monday, December 26, for a Sunday Christmas) is a
 * business day, as in the other federal three-day rule, the right to rescind a home loan. Dates
 * are calendar dates, `YYYY-MM-DD`, with no clock and no zone: the caller says which day the
 * transaction fell on (calendarDateIn). Pure, for the browser too.
 */

/** `YYYY-MM-DD` of a year, a month (1 to 12) and a day. */
export { calendarDateIn } from './calendar-date.js';

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 0 for Sunday to 6 for Saturday. */
function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The day of the month of the nth (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, day: number, nth: number): number {
  const first = weekday(year, month, 1);
  return 1 + ((day - first + 7) % 7) + (nth - 1) * 7;
}

/** The day of the month of the last given weekday of a month. */
function lastWeekday(year: number, month: number, day: number): number {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(year, month, daysInMonth);
  return daysInMonth - ((last - day + 7) % 7);
}

const MONDAY = 1;
const THURSDAY = 4;

/** The rule's holidays of a year, by their date rules (5 U.S.C. 6103(a)), in calendar order. */
export function cancellationHolidays(year: number): { date: string; name: string }[] {
  return [
    { date: isoDate(year, 1, 1), name: "New Year's Day" },
    {
      date: isoDate(year, 1, nthWeekday(year, 1, MONDAY, 3)),
      name: "Martin Luther King's Birthday",
    },
    { date: isoDate(year, 2, nthWeekday(year, 2, MONDAY, 3)), name: "Washington's Birthday" },
    { date: isoDate(year, 5, lastWeekday(year, 5, MONDAY)), name: 'Memorial Day' },
    { date: isoDate(year, 7, 4), name: 'Independence Day' },
    { date: isoDate(year, 9, nthWeekday(year, 9, MONDAY, 1)), name: 'Labor Day' },
    { date: isoDate(year, 10, nthWeekday(year, 10, MONDAY, 2)), name: 'Columbus Day' },
    { date: isoDate(year, 11, 11), name: "Veterans' Day" },
    { date: isoDate(year, 11, nthWeekday(year, 11, THURSDAY, 4)), name: 'Thanksgiving Day' },
    { date: isoDate(year, 12, 25), name: 'Christmas Day' },
  ];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a real calendar date, or null (`2026-02-30` is not one). */
function parseIsoDate(date: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day
    ? { year, month, day }
    : null;
}

function requireDate(date: string) {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return parts;
}

/** True unless the day is a Sunday or one of the rule's holidays. */
export function isBusinessDay(date: string): boolean {
  const { year, month, day } = requireDate(date);
  if (weekday(year, month, day) === 0) return false;
  return !cancellationHolidays(year).some((holiday) => holiday.date === date);
}

/** The calendar day after a date (across months and years). */
export function nextCalendarDay(date: string): string {
  const { year, month, day } = requireDate(date);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return isoDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** The nth business day after a date (the date itself never counts, business day or not). */
export function nthBusinessDayAfter(date: string, nth: number): string {
  let day = date;
  for (let counted = 0; counted < nth;) {
    day = nextCalendarDay(day);
    if (isBusinessDay(day)) counted += 1;
  }
  return day;
}

/**
 * The last day the buyer may cancel: "midnight of the third business day after the date of the
 * transaction" (16 CFR 429.1). The buyer has until the end of the day returned.
 */
export function cancellationDeadline(transactionDate: string): string {
  return nthBusinessDayAfter(transactionDate, 3);
}
