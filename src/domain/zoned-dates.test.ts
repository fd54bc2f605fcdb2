import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatDateTime,
  formatLongDateIn,
  formatUtcWithLocal,
} from './dates.js';

/** Times on the company's clock (issue 31): named by the zone's abbreviation, across DST. */
describe("times on the company's clock", () => {
  it.each([
    // Daylight time starts in Chicago at 2:00 AM on March 8, 2026 (08:00 UTC).
    ['2026-03-08T07:59:00Z', 'March 8, 2026 at 1:59 AM CST'],
    ['2026-03-08T08:00:00Z', 'March 8, 2026 at 3:00 AM CDT'],
    // And ends at 2:00 AM CDT on November 1, 2026 (07:00 UTC): 1 AM comes twice.
    ['2026-11-01T06:59:00Z', 'November 1, 2026 at 1:59 AM CDT'],
    ['2026-11-01T07:00:00Z', 'November 1, 2026 at 1:00 AM CST'],
    ['2026-12-01T15:31:00Z', 'December 1, 2026 at 9:31 AM CST'],
    ['2026-12-01T18:05:00Z', 'December 1, 2026 at 12:05 PM CST'],
  ])('%s in America/Chicago is %s', (iso, expected) => {
    expect(formatDateTime(iso, 'America/Chicago')).toBe(expected);
  });

  it('speaks Spanish with the same clock ("a la 1", "a las 3")', () => {
    expect(formatDateTime('2026-03-08T07:59:00Z', 'America/Chicago', 'es')).toBe(
      '8 de marzo de 2026 a la 1:59 a. m. CST',
    );
    expect(formatDateTime('2026-03-08T08:00:00Z', 'America/Chicago', 'es')).toBe(
      '8 de marzo de 2026 a las 3:00 a. m. CDT',
    );
  });

  it('stays in UTC without a zone, or with one the runtime does not know', () => {
    expect(formatDateTime('2026-12-01T15:31:00Z', null)).toBe('December 1, 2026 at 3:31 PM UTC');
    expect(formatDateTime('2026-12-01T15:31:00Z', 'Mars/Olympus')).toBe(
      'December 1, 2026 at 3:31 PM UTC',
    );
    expect(formatDateTime('not a date', 'America/Chicago')).toBe('not a date');
  });

  it('keeps UTC first and puts the local clock beside it, with its date when the day differs', () => {
    expect(formatUtcWithLocal('2026-12-01T15:31:00Z', 'America/Chicago')).toBe(
      'December 1, 2026 at 3:31 PM UTC (9:31 AM CST)',
    );
    expect(formatUtcWithLocal('2026-12-01T03:31:00Z', 'America/Chicago')).toBe(
      'December 1, 2026 at 3:31 AM UTC (November 30, 2026 at 9:31 PM CST)',
    );
    expect(formatUtcWithLocal('2026-12-01T03:31:00Z', 'America/Chicago', 'es')).toBe(
      '1 de diciembre de 2026 a las 3:31 a. m. UTC (30 de noviembre de 2026 a las 9:31 p. m. CST)',
    );
    expect(formatUtcWithLocal('2026-12-01T15:31:00Z', null)).toBe(
      'December 1, 2026 at 3:31 PM UTC',
    );
  });

  it("gives the date on the company's clock", () => {
    expect(formatLongDateIn('2026-12-01T03:31:00Z', 'America/Chicago')).toBe('November 30, 2026');
    expect(formatLongDateIn('2026-12-01T03:31:00Z', null)).toBe('December 1, 2026');
  });

  it('knows IANA zones by their canonical names and refuses the rest', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('+05:00')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});
