import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  cancellationDeadline,
  cancellationHolidays,
  isBusinessDay,
  nextCalendarDay,
  nthBusinessDayAfter,
} from './business-days.js';

/** The FTC Cooling-Off Rule's business days (16 CFR 429.0) and the cancellation deadline. */

const datesOf = (year: number) => cancellationHolidays(year).map((holiday) => holiday.date);

describe("the rule's holidays, by their date rules", () => {
  it.each([
    [
      2024,
      ['01-01', '01-15', '02-19', '05-27', '07-04', '09-02', '10-14', '11-11', '11-28', '12-25'],
    ],
    [
      2025,
      ['01-01', '01-20', '02-17', '05-26', '07-04', '09-01', '10-13', '11-11', '11-27', '12-25'],
    ],
    [
      2026,
      ['01-01', '01-19', '02-16', '05-25', '07-04', '09-07', '10-12', '11-11', '11-26', '12-25'],
    ],
    [
      2027,
      ['01-01', '01-18', '02-15', '05-31', '07-04', '09-06', '10-11', '11-11', '11-25', '12-25'],
    ],
    // May has five Mondays and November starts on a Thursday.
    [
      2028,
      ['01-01', '01-17', '02-21', '05-29', '07-04', '09-04', '10-09', '11-11', '11-23', '12-25'],
    ],
  ])('are the published dates in %i', (year, days) => {
    expect(datesOf(year)).toEqual(days.map((day) => `${year}-${day}`));
  });

  it('names the ten holidays the rule lists, and no others', () => {
    expect(cancellationHolidays(2026).map((holiday) => holiday.name)).toEqual([
      "New Year's Day",
      "Martin Luther King's Birthday",
      "Washington's Birthday",
      'Memorial Day',
      'Independence Day',
      'Labor Day',
      'Columbus Day',
      "Veterans' Day",
      'Thanksgiving Day',
      'Christmas Day',
    ]);
  });
});

describe('a business day', () => {
  it('is any day but a Sunday or a holiday: Saturdays count', () => {
    expect(isBusinessDay('2026-11-21')).toBe(true); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBusinessDay('2026-07-04')).toBe(false); // Independence Day on a Saturday
  });

  it('includes the weekday some offices take off for a weekend holiday', () => {
    expect(isBusinessDay('2026-07-03')).toBe(true); // Friday before a Saturday Fourth of July
    expect(isBusinessDay('2022-12-26')).toBe(true); // Monday after a Sunday Christmas
  });

  it('refuses what is not a calendar date', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('11/26/2026')).toThrow(RangeError);
  });
});

describe('the cancellation deadline: the third business day after the transaction', () => {
  it.each([
    ['an ordinary Monday', '2026-11-16', '2026-11-19'],
    ['a Saturday, over the Sunday', '2026-11-21', '2026-11-25'],
    ['a Sunday, which itself never counts', '2026-11-22', '2026-11-25'],
    ['the day before Thanksgiving', '2026-11-25', '2026-11-30'],
    ['Thanksgiving itself', '2026-11-26', '2026-11-30'],
    ['the Friday before Martin Luther King’s Birthday', '2026-01-16', '2026-01-21'],
    ['the days before Christmas', '2026-12-23', '2026-12-28'],
    ['a Sunday Christmas, whose observed Monday counts', '2022-12-23', '2022-12-27'],
    ['New Year’s Eve, into the next year', '2026-12-30', '2027-01-04'],
    ['New Year’s Eve before a Saturday New Year', '2027-12-31', '2028-01-05'],
    ['the end of a leap February', '2028-02-28', '2028-03-02'],
  ])('after %s (%s) is %s', (_case, transaction, deadline) => {
    expect(cancellationDeadline(transaction)).toBe(deadline);
  });

  it('counts any number of business days, and the next calendar day across a year', () => {
    expect(nthBusinessDayAfter('2026-12-24', 1)).toBe('2026-12-26');
    expect(nthBusinessDayAfter('2026-11-16', 0)).toBe('2026-11-16');
    expect(nextCalendarDay('2026-12-31')).toBe('2027-01-01');
    expect(nextCalendarDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('the date of a transaction on the company’s clock', () => {
  it('is the day in the company’s zone, not in UTC', () => {
    // 9:00 PM on Wednesday, November 25, in Chicago.
    expect(calendarDateIn('2026-11-26T03:00:00.000Z', 'America/Chicago')).toBe('2026-11-25');
    expect(calendarDateIn('2026-11-26T03:00:00.000Z', 'America/New_York')).toBe('2026-11-25');
    expect(calendarDateIn('2026-11-26T06:00:00.000Z', 'America/Chicago')).toBe('2026-11-26');
  });

  it('crosses into the next year east of UTC', () => {
    expect(calendarDateIn('2026-12-31T12:00:00.000Z', 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('is the UTC date without a zone, or with one this runtime does not know', () => {
    expect(calendarDateIn('2026-11-26T03:00:00.000Z', null)).toBe('2026-11-26');
    expect(calendarDateIn('2026-11-26T03:00:00.000Z', 'Mars/Olympus_Mons')).toBe('2026-11-26');
  });
});
