/**
 * Token helpers. A token is a run of non-space characters with its punctuation attached
 * ("line," or `6"` or "(front"). Words are compared by their key: the core without surrounding
 * punctuation, lower-cased, with typographic apostrophes made straight. All scanning is by plain
 * loops, so no input can make a regular expression backtrack.
 */

const LEADING = new Set(['"', "'", '(', '[', '{', '“', '‘']);
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '}', '"', "'", '”', '’', '…']);
const LEADING_CODES = codes(LEADING);
const TRAILING_CODES = codes(TRAILING);

/** A lookup table by character code (all the characters above are below U+2030). */
function codes(chars: ReadonlySet<string>): Uint8Array {
  const table = new Uint8Array(0x2030);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
}

const isLeading = (code: number): boolean => LEADING_CODES[code] === 1;
const isTrailing = (code: number): boolean => TRAILING_CODES[code] === 1;
const MARKS = new Set(['.', ',', ';', ':', '!', '?', '…']);
const DASHES = new Set(['-', '–', '—']);

/** Spoken numbers that make a preceding "like" an approximation filler ("like two valves"). */
// prettier-ignore
const NUMBER_WORDS = new Set([
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'fifteen', 'twenty', 'thirty', 'forty', 'fifty', 'hundred', 'half', 'several',
]);

/**
 * Stands in a segment for a dropped hesitation sound ("um", "uh"...), followed by any punctuation
 * that was typed after it. sanitize() removes every control character, so no note contains it.
 */
export const HESITATION = '\u0000';

export function isHesitationMark(token: string | undefined): token is string {
  return token !== undefined && token.startsWith(HESITATION);
}

export interface TokenParts {
  readonly lead: string;
  readonly core: string;
  readonly trail: string;
}

export function splitToken(token: string): TokenParts {
  let start = 0;
  let end = token.length;
  while (start < end && isLeading(token.charCodeAt(start))) start += 1;
  while (end > start && isTrailing(token.charCodeAt(end - 1))) end -= 1;
  return { lead: token.slice(0, start), core: token.slice(start, end), trail: token.slice(end) };
}

/** The word a token stands for: "Like," -> "like", "don’t" -> "don't", `6"` -> "6". */
export function wordKey(token: string | undefined): string {
  if (token === undefined) return '';
  let start = 0;
  let end = token.length;
  while (start < end && isLeading(token.charCodeAt(start))) start += 1;
  while (end > start && isTrailing(token.charCodeAt(end - 1))) end -= 1;
  const key = (start === 0 && end === token.length ? token : token.slice(start, end)).toLowerCase();
  return key.includes('’') ? key.replaceAll('’', "'") : key;
}

/** The keys of many tokens at once. */
export function wordKeys(tokens: readonly string[]): string[] {
  return tokens.map(wordKey);
}

/** The same token with its core replaced, keeping the punctuation around it. */
export function withCore(token: string, core: string): string {
  const parts = splitToken(token);
  return parts.lead + core + parts.trail;
}

export function hasTrail(token: string): boolean {
  return token !== '' && isTrailing(token.charCodeAt(token.length - 1));
}

export function hasLead(token: string): boolean {
  return token !== '' && isLeading(token.charCodeAt(0));
}

/** A token made only of sentence punctuation: ",", ".", "?!", "...". */
export function isMarksOnly(token: string): boolean {
  if (token === '') return false;
  for (let at = 0; at < token.length; at += 1) if (!MARKS.has(token.charAt(at))) return false;
  return true;
}

/** A token made only of dashes: "-", "–", "—", "--". */
export function isDash(token: string): boolean {
  if (token === '') return false;
  for (let at = 0; at < token.length; at += 1) if (!DASHES.has(token.charAt(at))) return false;
  return true;
}

/** Whether a token ends a clause: trailing comma, semicolon or colon, or a dash of its own. */
export function endsClause(token: string): boolean {
  for (let end = token.length - 1; end >= 0; end -= 1) {
    const char = token.charAt(end);
    if (char === ',' || char === ';' || char === ':') return true;
    if (!isTrailing(token.charCodeAt(end))) return isDash(token);
  }
  return false;
}

export function isMarkChar(char: string): boolean {
  return MARKS.has(char);
}

/** A number as written or said: "10", "3/4", "$1,500", "two". */
export function isNumberish(token: string | undefined): boolean {
  if (token === undefined) return false;
  const core = splitToken(token).core;
  const first = core.startsWith('$') ? core.charAt(1) : core.charAt(0);
  return (first >= '0' && first <= '9') || NUMBER_WORDS.has(core.toLowerCase());
}

const ALNUM = /[\p{L}\p{N}]/u;

export function hasLetterOrDigit(text: string): boolean {
  return ALNUM.test(text);
}
