import { calendarDateIn } from '../calendar-date.js';
import { DATE_WORDS } from '../date-words.js';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.js';
import type { FormatterName } from './ast.js';

/**
 * The four formatters (docs/decisions/006). Each accepts any value and never throws; dates are read and
 * printed in UTC so the browser preview and the server snapshot always agree. The contract's
 * language changes only the month names: money and dates keep the US order (docs/decisions/029).
 */

export const FORMATTER_NAMES: readonly FormatterName[] = ['money', 'date', 'percent', 'phone'];

export function isFormatterName(word: string): word is FormatterName {
  return (FORMATTER_NAMES as readonly string[]).includes(word);
}

/** How a value prints without a formatter: text and numbers as-is, anything structured as nothing. */
export function plainText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return '';
  }
}

function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped === '' ? part : `${part},${grouped}`;
  }
  return grouped;
}

/** Integer cents as US dollars: 123456 -> $1,234.56, -500 -> -$5.00, anything else -> $0.00. */
export function formatMoney(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '$0.00';
  // Fractional cents round half away from zero; BigInt keeps huge amounts exact and un-exponented.
  const cents = Math.round(Math.abs(value));
  if (cents === 0) return '$0.00';
  const digits = BigInt(cents).toString().padStart(3, '0');
  const dollars = groupThousands(digits.slice(0, -2));
  return `${value < 0 ? '-' : ''}$${dollars}.${digits.slice(-2)}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const MAX_DATE_TEXT = 64;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function longDate(year: number, month: number, day: number, language: Language): string {
  return DATE_WORDS[language].longDate(year, month, day);
}

/** Validated parts of YYYY-MM-DD, or null. */
function parseDateOnly(text: string): [number, number, number] | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

function fromEpoch(ms: number, language: Language, timeZone: string | null): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  const [year, month, day] = calendarDateIn(date.toISOString(), timeZone).split('-').map(Number);
  return longDate(year ?? 0, month ?? 0, day ?? 0, language);
}

/**
 * A long date (November 21, 2026; in Spanish 21 de noviembre de 2026) from YYYY-MM-DD, an ISO
 * timestamp (a missing zone means UTC, so no reader's local zone leaks in) or epoch
 * milliseconds; anything else -> ''. An instant is dated on `timeZone`'s clock, the company's,
 * when one is given (a signature at 9 PM in Chicago is dated that day, not the next UTC day).
 */
export function formatDate(
  value: unknown,
  language: Language = DEFAULT_LANGUAGE,
  timeZone: string | null = null,
): string {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? fromEpoch(value, language, timeZone) : '';
  }
  if (typeof value !== 'string') return '';
  const text = value.trim();
  if (text.length > MAX_DATE_TEXT) return '';
  const dateOnly = parseDateOnly(text);
  if (dateOnly) return longDate(...dateOnly, language);
  const match = TIMESTAMP.exec(text);
  if (!match) return '';
  const [, datePart = '', hours = '', minutes = '', seconds = '00', fraction = '', zone = 'Z'] =
    match;
  // Range checks here keep every JS engine's Date.parse on the same, well-defined input format.
  if (!parseDateOnly(datePart) || Number(hours) > 23 || Number(minutes) > 59) return '';
  if (Number(seconds) > 59) return '';
  const millis = fraction.slice(0, 3).padEnd(3, '0');
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${datePart}T${hours}:${minutes}:${seconds}.${millis}${offset}`);
  return Number.isNaN(ms) ? '' : fromEpoch(ms, language, timeZone);
}

/** A number as a percentage with at most two decimals (33 -> 33%, 33.5 -> 33.5%); else ''. */
export function formatPercent(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const rounded = Math.round(value * 100) / 100;
  const shown = Number.isFinite(rounded) ? rounded : value;
  return `${plainText(shown === 0 ? 0 : shown)}%`;
}

const PHONE_PUNCTUATION = /^[\d\s().+-]*$/;

/** 10 digits (or 11 starting with 1) as (555) 123-4567; anything else is printed unchanged. */
export function formatPhone(value: unknown): string {
  const text = plainText(value);
  if (!PHONE_PUNCTUATION.test(text)) return text;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return text;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const FORMATTERS: Record<
  FormatterName,
  (value: unknown, language: Language, timeZone: string | null) => string
> = {
  money: formatMoney,
  date: formatDate,
  percent: formatPercent,
  phone: formatPhone,
};

export function applyFormatter(
  name: FormatterName | null,
  value: unknown,
  language: Language = DEFAULT_LANGUAGE,
  timeZone: string | null = null,
): string {
  return name === null ? plainText(value) : FORMATTERS[name](value, language, timeZone);
}
