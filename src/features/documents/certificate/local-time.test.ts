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

describe('formatInTimeZone in Spanish', () => {
  it('writes the date and the clock as Spanish is written', () => {
    expect(formatInTimeZone('2026-11-21T15:04:05Z', 'America/Chicago', 'es')).toMatch(
      /^21 de noviembre de 2026 a las 9:04:05\sa. m. CST \(America\/Chicago\)$/,
    );
    expect(formatInTimeZone('2026-07-04T17:00:00Z', 'America/New_York', 'es')).toMatch(
      /^4 de julio de 2026 a la 1:00:00\sp. m. EDT \(America\/New_York\)$/,
    );
  });

  it('says in Spanish that the zone was not recorded', () => {
    expect(formatInTimeZone('2026-07-04T18:00:00Z', null, 'es')).toBe('zona horaria no registrada');
  });
});
