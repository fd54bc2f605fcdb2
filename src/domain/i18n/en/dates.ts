/**
 * Dates in English stay US-formatted, as the product spec requires (month, day, year; a 12-hour
 * clock). Built by hand, never through Intl, so the browser preview and the server's frozen copy
 * print exactly the same text.
 */
export const dates = {
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  /** `November 25, 2026`; `month` is 1 to 12. */
  longDate: (year: number, month: number, day: number) =>
    `${dates.months[month - 1] ?? ''} ${day}, ${year}`,
  /** `3:14 PM`; `hour12` is 1 to 12 and `minutes` two digits. */
  clock: (hour12: number, minutes: string, afternoon: boolean) =>
    `${hour12}:${minutes} ${afternoon ? 'PM' : 'AM'}`,
  /** Joins a date and a clock: `November 21, 2026 at 9:04 AM CST`. */
  at: (_hour: number) => 'at',
  /** `November 21, 2026 at 3:04 PM UTC`; `hour` is the 12-hour clock's hour (1 to 12). */
  atUtcTime: (date: string, clock: string, _hour: number) => `${date} at ${clock} UTC`,
};
