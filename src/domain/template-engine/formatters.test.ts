import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape.js';
import { formatDate, formatMoney, formatPercent, formatPhone, plainText } from './formatters.js';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [500000, '$5,000.00'],
    [100000000, '$1,000,000.00'],
    [123456789012, '$1,234,567,890.12'],
  ])('shows %s cents as %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });

  it('shows negative amounts with a leading minus', () => {
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(-123456)).toBe('-$1,234.56');
  });

  it('rounds fractional cents half away from zero and never shows -$0.00', () => {
    expect(formatMoney(12.5)).toBe('$0.13');
    expect(formatMoney(12.4)).toBe('$0.12');
    expect(formatMoney(-12.5)).toBe('-$0.13');
    expect(formatMoney(-0.4)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
  });

  it('keeps huge amounts exact, without exponents', () => {
    expect(formatMoney(1e21)).toBe('$10,000,000,000,000,000,000.00');
  });

  it.each([undefined, null, '12345', NaN, Infinity, {}, [], true])(
    'shows $0.00 for missing or non-number %s',
    (value) => {
      expect(formatMoney(value)).toBe('$0.00');
    },
  );
});

describe('formatDate', () => {
  it('formats a date-only ISO string as a long US date without a time zone shift', () => {
    expect(formatDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatDate('2024-02-29')).toBe('February 29, 2024');
  });

  it("dates an instant on the company's clock when the contract has a zone", () => {
    // 9 PM in Chicago on November 25 is already November 26 in UTC.
    expect(formatDate('2026-11-26T03:00:00Z', 'en', 'America/Chicago')).toBe('November 25, 2026');
    expect(formatDate(Date.parse('2026-11-26T03:00:00Z'), 'es', 'America/Chicago')).toBe(
      '25 de noviembre de 2026',
    );
    // A date-only value is a calendar day already; an unknown zone falls back to UTC.
    expect(formatDate('2026-11-26', 'en', 'America/Chicago')).toBe('November 26, 2026');
    expect(formatDate('2026-11-26T03:00:00Z', 'en', 'Mars/Olympus_Mons')).toBe('November 26, 2026');
  });

  it('formats ISO timestamps by their UTC date', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('November 21, 2026');
    expect(formatDate('2026-11-21T23:30:00.123Z')).toBe('November 21, 2026');
    expect(formatDate('2026-11-21T23:30:00-05:00')).toBe('November 22, 2026');
    expect(formatDate('2026-11-22T01:00:00+0200')).toBe('November 21, 2026');
    expect(formatDate('2026-11-21T10:00')).toBe('November 21, 2026');
  });

  it('reads timestamps without a zone as UTC, also in the SQLite "date time" form', () => {
    expect(formatDate('2026-11-21 23:59:59')).toBe('November 21, 2026');
    expect(formatDate('2026-11-21T00:00:00.123456')).toBe('November 21, 2026');
  });

  it('writes the date as Spanish is written for a Spanish contract (25 de noviembre de 2026)', () => {
    expect(formatDate('2026-11-25', 'es')).toBe('25 de noviembre de 2026');
    expect(formatDate('2026-01-01T00:30:00Z', 'es')).toBe('1 de enero de 2026');
    expect(formatDate(Date.UTC(2026, 8, 16), 'es')).toBe('16 de septiembre de 2026');
    expect(formatDate('tomorrow', 'es')).toBe('');
    expect(formatDate('2026-11-25', 'en')).toBe('November 25, 2026');
  });

  it('formats epoch milliseconds in UTC', () => {
    expect(formatDate(Date.UTC(2026, 10, 21, 23, 59))).toBe('November 21, 2026');
    expect(formatDate(0)).toBe('January 1, 1970');
  });

  it.each([
    undefined,
    null,
    '',
    'tomorrow',
    'November 21, 2026',
    '2026-13-01',
    '2026-02-30',
    '2025-02-29',
    '2026-11-21T25:00:00Z',
    '2026-11-21Tjunk',
    `2026-11-21T00:00:00.${'1'.repeat(100)}Z`,
    NaN,
    Infinity,
    1e20,
    {},
    true,
  ])('gives an empty string for invalid or missing %s', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('formatPercent', () => {
  it('shows whole and fractional percentages', () => {
    expect(formatPercent(33)).toBe('33%');
    expect(formatPercent(33.5)).toBe('33.5%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(-0)).toBe('0%');
  });

  it('rounds away floating-point noise to two decimals', () => {
    expect(formatPercent(0.1 + 0.2)).toBe('0.3%');
    expect(formatPercent(100 / 3)).toBe('33.33%');
  });

  it.each([undefined, null, '', '33', NaN, Infinity, {}])('is empty for %s', (value) => {
    expect(formatPercent(value)).toBe('');
  });
});

describe('formatPhone', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123 4567', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
    ['15551234567', '(555) 123-4567'],
    ['+1 (555) 123-4567', '(555) 123-4567'],
    [5551234567, '(555) 123-4567'],
  ])('formats %s as %s', (value, shown) => {
    expect(formatPhone(value)).toBe(shown);
  });

  it.each([
    ['555-1234', '555-1234'],
    ['25551234567', '25551234567'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['555-123-4567 ext 2', '555-123-4567 ext 2'],
    ['call 5551234567', 'call 5551234567'],
  ])('leaves %s unchanged', (value, shown) => {
    expect(formatPhone(value)).toBe(shown);
  });

  it('is empty for missing values and structured data', () => {
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone({})).toBe('');
  });
});

describe('plainText', () => {
  it('prints text, finite numbers, booleans and nothing for structures', () => {
    expect(plainText('a')).toBe('a');
    expect(plainText(42)).toBe('42');
    expect(plainText(-0)).toBe('0');
    expect(plainText(NaN)).toBe('');
    expect(plainText(true)).toBe('true');
    expect(plainText(false)).toBe('false');
    expect(plainText(null)).toBe('');
    expect(plainText({ a: 1 })).toBe('');
    expect(plainText(['a'])).toBe('');
  });
});

describe('escapeHtml', () => {
  it('escapes & < > " \' ` and =', () => {
    expect(escapeHtml(`&<>"'\`=`)).toBe('&amp;&lt;&gt;&quot;&#x27;&#x60;&#x3D;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('Jordan Rivera {} / ü')).toBe('Jordan Rivera {} / ü');
  });
});
