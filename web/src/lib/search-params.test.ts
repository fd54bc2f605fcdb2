import { describe, expect, it } from 'vitest';
import { optionalId, optionalText } from './search-params';

describe('search parameters', () => {
  it('reads an id given as a number or as digits, and nothing else', () => {
    expect(optionalId(12)).toBe(12);
    expect(optionalId('12')).toBe(12);
    for (const bad of [0, -3, 1.5, '', 'abc', '12abc', '1e3', null, undefined, true, [12]]) {
      expect(optionalId(bad), String(bad)).toBeUndefined();
    }
    expect(optionalId(Number.MAX_SAFE_INTEGER + 2)).toBeUndefined();
  });

  it('reads text as it is and anything else as absent', () => {
    expect(optionalText('/contracts/5')).toBe('/contracts/5');
    expect(optionalText(5)).toBeUndefined();
    expect(optionalText({ to: '/x' })).toBeUndefined();
  });
});
