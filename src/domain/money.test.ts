import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollarInput,
  dollarsToCents,
  formatUsd,
  MAX_PRICE_CENTS,
  sanitizePriceInput,
} from './money.js';

describe('formatUsd', () => {
  it.each([
    [123456, '$1,234.56'],
    [0, '$0.00'],
    [1, '$0.01'],
    [100, '$1.00'],
    [500000, '$5,000.00'],
    [-500, '-$5.00'],
    [-1, '-$0.01'],
    [MAX_PRICE_CENTS, '$100,000,000.00'],
    [999_999_999_999_999, '$9,999,999,999,999.99'],
    [0.5, '$0.01'],
    [-0.5, '-$0.01'],
    [12.4, '$0.12'],
  ])('shows %s cents as %s', (cents, shown) => {
    expect(formatUsd(cents)).toBe(shown);
  });

  it('shows $0.00 when the amount is missing', () => {
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(undefined)).toBe('$0.00');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });

  it('never shows a minus sign on zero', () => {
    expect(formatUsd(-0)).toBe('$0.00');
    expect(formatUsd(-0.4)).toBe('$0.00');
  });

  it('agrees with Intl currency formatting for every total in range', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -MAX_PRICE_CENTS, max: MAX_PRICE_CENTS }), (cents) => {
        expect(formatUsd(cents)).toBe(usd.format(cents / 100).replace('-0.00', '0.00'));
      }),
    );
  });
});

describe('sanitizePriceInput', () => {
  it.each([
    ['$1,234.567', '1234.567'],
    ['12.3.4', '12.34'],
    ['abc', ''],
    ['.5', '.5'],
    ['', ''],
    ['-5', '5'],
    ['1e5', '15'],
    [' 1 000.00 ', '1000.00'],
    ['..', '.'],
    ['٣', ''],
  ])('keeps %j as %j', (raw, kept) => {
    expect(sanitizePriceInput(raw)).toBe(kept);
  });

  it('always leaves digits with at most one decimal point, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (raw) => {
        const kept = sanitizePriceInput(raw);
        expect(kept).toMatch(/^\d*\.?\d*$/);
        expect(sanitizePriceInput(kept)).toBe(kept);
      }),
    );
  });
});

describe('dollarsToCents', () => {
  it.each([
    ['1234.56', 123456],
    ['1234', 123400],
    ['0', 0],
    ['0.01', 1],
    ['.5', 50],
    ['5.', 500],
    ['1.005', 101],
    ['0.125', 13],
    ['19.999', 2000],
    ['1.0049999', 100],
    ['0.004', 0],
    ['0.005', 1],
    ['100000000', MAX_PRICE_CENTS],
    ['100000000.01', MAX_PRICE_CENTS + 1],
    ['0001.50', 150],
    [' 12.5 ', 1250],
    ['9999999999999.995', 1_000_000_000_000_000],
  ])('reads %j as %s cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each(['', '.', '   ', '-5', '1,000', '$5', '1.2.3', 'abc', '10000000000000'])(
    'has no amount for %j',
    (input) => {
      expect(dollarsToCents(input)).toBeNull();
    },
  );

  it('always gives a safe whole number of cents at least 0', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const cents = dollarsToCents(sanitizePriceInput(raw));
        if (cents !== null) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('centsToDollarInput', () => {
  it.each([
    [123456, '1234.56'],
    [100000, '1000'],
    [150, '1.50'],
    [5, '0.05'],
    [0, '0'],
    [MAX_PRICE_CENTS, '100000000'],
    [null, ''],
    [Number.NaN, ''],
  ])('pre-fills %s cents as %j', (cents, text) => {
    expect(centsToDollarInput(cents)).toBe(text);
  });

  it('reads back to the same cents for every total in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), (cents) => {
        expect(dollarsToCents(centsToDollarInput(cents))).toBe(cents);
      }),
    );
  });
});
