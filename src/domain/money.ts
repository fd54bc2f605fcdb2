/**
 * Money in integer cents, shown as US dollars (docs/decisions/008).
 * Shared by the browser wizard and the server, so nothing here touches Node or the DOM.
 */

/** The largest total a contract may carry: $100,000,000.00. Validators refuse anything above. */
export const MAX_PRICE_CENTS = 100_000_000 * 100;

/** More whole-dollar digits than this would take the cents past Number.MAX_SAFE_INTEGER. */
const MAX_INTEGER_DIGITS = 13;

/**
 * `1234567` as `1,234,567`, the en-US grouping, without Intl: building the first Intl formatter
 * of a page costs a slow phone about 12 ms, on the signing page's critical path. Whole dollars
 * are a safe integer here, so `String` gives plain digits.
 */
function groupThousands(wholeDollars: number): string {
  return String(wholeDollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rounds half away from zero, so 0.5 cent is 1 cent and -0.5 cent is -1 cent. */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Splits whole cents into whole dollars and the two-digit cents part, exactly. */
function splitCents(absCents: number): { dollars: number; cents: string } {
  const cents = absCents % 100;
  return { dollars: (absCents - cents) / 100, cents: String(cents).padStart(2, '0') };
}

/**
 * `$1,234.56`, `-$5.00`; `$0.00` when the amount is missing or not a number. Fractions of a cent
 * round half away from zero, and an amount that rounds to zero never shows a minus sign.
 * Formatting is done on integers, so large totals keep their exact cents.
 */
export function formatUsd(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return '$0.00';
  const rounded = roundHalfAwayFromZero(cents);
  const { dollars, cents: part } = splitCents(Math.abs(rounded));
  return `${rounded < 0 ? '-' : ''}$${groupThousands(dollars)}.${part}`;
}

/**
 * What the price field keeps of what was typed or pasted: digits and the first decimal point.
 * `'$1,234.567'` is `'1234.567'`, `'12.3.4'` is `'12.34'`. Decimals are not cut
 * here; `dollarsToCents` rounds them.
 */
export function sanitizePriceInput(raw: string): string {
  let seenPoint = false;
  let kept = '';
  for (const char of raw) {
    if (char >= '0' && char <= '9') {
      kept += char;
    } else if (char === '.' && !seenPoint) {
      seenPoint = true;
      kept += char;
    }
  }
  return kept;
}

/**
 * Cents from a sanitized dollar string, rounded to the nearest cent, half up, with string
 * arithmetic so `'1.005'` is 101 (parseFloat would give 100). Null when there is no number
 * (`''`, `'.'`), when the string is not digits with at most one point (a minus sign included),
 * or when it has more than 13 whole-dollar digits. Totals above MAX_PRICE_CENTS are returned as
 * they are: refusing them is the validators' job, with their own message.
 */
export function dollarsToCents(input: string): number | null {
  const text = input.trim();
  if (!/^\d*\.?\d*$/.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  if (whole === '' && fraction === '') return null;
  const significant = whole.replace(/^0+/, '');
  if (significant.length > MAX_INTEGER_DIGITS) return null;
  const digits = fraction.padEnd(3, '0');
  const roundUp = Number(digits[2]) >= 5 ? 1 : 0;
  return Number(significant || '0') * 100 + Number(digits.slice(0, 2)) + roundUp;
}

/**
 * The price field's text for a stored total: `'1000'` for whole dollars, otherwise two decimals
 * (`'1.50'`, `'1234.56'`); `''` when there is no total. `dollarsToCents` reads it back exactly.
 */
export function centsToDollarInput(cents: number | null): string {
  if (cents == null || !Number.isFinite(cents)) return '';
  const rounded = roundHalfAwayFromZero(cents);
  const { dollars, cents: part } = splitCents(Math.abs(rounded));
  const sign = rounded < 0 ? '-' : '';
  return part === '00' ? `${sign}${dollars}` : `${sign}${dollars}.${part}`;
}
