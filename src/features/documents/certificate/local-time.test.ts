import { describe, expect, it } from 'vitest';
import { formatInTimeZone, TIME_ZONE_NOT_RECORDED } from './local-time.js';

describe('formatInTimeZone', () => {
  it('prints the time on the signer’s clock with the zone', () => {
    expect(formatInTimeZone('2026-07-04T18:00:00Z', 'America/New_York')).toMatch(
      /^July 4, 2026 at 2:00:00\sPM EDT \(America\/New_York\)$/,
    );
  });

  it('says the zone was not recorded when it is missing, empty or unknown', () => {
    for (const zone of [null, '', 'Not/AZone', '<b>']) {
      expect(formatInTimeZone('2026-07-04T18:00:00Z', zone)).toBe(TIME_ZONE_NOT_RECORDED);
    }
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatInTimeZone('yesterday', 'America/Chicago')).toBe('yesterday');
  });
});
