/**
 * Dates stay US-formatted in every language, as the product spec requires (month, day, year;
 * a 12-hour clock); only the words change. Built by hand, never through Intl, so the browser
 * preview and the server's frozen copy print exactly the same text.
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
  /** Joins a date and a clock on the signer's own clock: `November 21, 2026 at 9:04:05 AM CST`. */
  at: (_hour: number) => 'at',
  /** `November 21, 2026 at 3:04 PM UTC`; `hour` is the 12-hour clock's hour (1 to 12). */
  atUtcTime: (date: string, clock: string, _hour: number) => `${date} at ${clock} UTC`,
};
