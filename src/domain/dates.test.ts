import { describe, expect, it } from 'vitest';
import { formatLongDate, formatUtcDateTime } from './dates.js';

describe('dates as people read them', () => {
  it.each([
    ['2026-11-21', 'November 21, 2026'],
    ['2026-11-21T23:59:00.000Z', 'November 21, 2026'],
    ['not a date', 'not a date'],
  ])('formatLongDate(%s) is %s', (input, expected) => {
    expect(formatLongDate(input)).toBe(expected);
  });

  it.each([
    ['2026-01-05T00:07:00Z', 'January 5, 2026 at 12:07 AM UTC'],
    ['2026-07-04T12:00:00Z', 'July 4, 2026 at 12:00 PM UTC'],
    ['2026-11-21T15:04:05.000Z', 'November 21, 2026 at 3:04 PM UTC'],
    ['garbage', 'garbage'],
  ])('formatUtcDateTime(%s) is %s', (input, expected) => {
    expect(formatUtcDateTime(input)).toBe(expected);
  });

  it.each([
    ['2026-11-25', '25 de noviembre de 2026'],
    ['not a date', 'not a date'],
  ])('formatLongDate(%s) in Spanish is %s', (input, expected) => {
    expect(formatLongDate(input, 'es')).toBe(expected);
  });

  it.each([
    ['2026-11-21T15:04:05.000Z', '21 de noviembre de 2026 a las 3:04 p. m. UTC'],
    ['2026-01-05T00:07:00Z', '5 de enero de 2026 a las 12:07 a. m. UTC'],
    ['2026-07-04T13:05:00Z', '4 de julio de 2026 a la 1:05 p. m. UTC'],
    ['garbage', 'garbage'],
  ])('formatUtcDateTime(%s) in Spanish is %s', (input, expected) => {
    expect(formatUtcDateTime(input, 'es')).toBe(expected);
  });
});
