import { applyCasing, joinSpelledAcronyms } from './casing.js';
import { removeFillers, removeStutters, type Words } from './fillers.js';
import { noteSegments } from './normalize.js';
import { ABBREVIATIONS, KEEP_FINAL_PERIOD, PROPER_SPELLINGS } from './terms.js';
import {
  endsClause,
  hasTrail,
  hasLetterOrDigit,
  isDash,
  isHesitationMark,
  isNumberish,
  splitToken,
  wordKeys,
} from './tokens.js';

/**
 * Items: every note is cut into segments (normalize.ts), every segment into sentences, and every
 * sentence becomes one cleaned item. Items that say the same thing (ignoring case and
 * punctuation) are kept once, first occurrence first; items with nothing left are dropped.
 */

const DOTTED = /^(?:\p{L}\.)+\p{L}$/u;
const SINGLE_LETTER = /^\p{L}$/u;

/** Whether a typed token ends a sentence: "valves." yes; "approx.", "10 ft.", "e.g.", "J." no. */
function endsSentence(token: string, prev: string | undefined, next: string | undefined): boolean {
  if (!hasTrail(token)) return false;
  const { core, trail } = splitToken(token);
  if (trail.includes('?') || trail.includes('!') || trail.includes('…')) return true;
  if (!trail.includes('.')) return false;
  if (trail.includes('..')) return true;
  const key = core.toLowerCase();
  if (key === 'etc') {
    // "etc. Install..." starts a new sentence; "etc. Monday" or "etc. PVC" need not.
    const word = splitToken(next ?? '').core;
    return /^\p{Lu}\p{Ll}/u.test(word) && !PROPER_SPELLINGS.has(word);
  }
  if (key === 'in') return !isNumberish(prev);
  if (key === 'no') return !isNumberish(next);
  if (ABBREVIATIONS.has(key)) return false;
  return !SINGLE_LETTER.test(core) && !DOTTED.test(core);
}

export function splitSentences(segment: readonly string[]): string[][] {
  const sentences: string[][] = [];
  let current: string[] = [];
  segment.forEach((token, at) => {
    current.push(token);
    if (endsSentence(token, segment[at - 1], segment[at + 1])) {
      sentences.push(current);
      current = [];
    }
  });
  if (current.length > 0) sentences.push(current);
  return sentences;
}

const FINAL_MARKS = new Set([',', ';', ':', '!', '…', '.', '-', '–', '—']);

/** Removes the end punctuation and dashes of a bullet, keeping "?" and the period of "etc.". */
function stripFinalMarks(token: string): string {
  let end = token.length;
  while (end > 0 && FINAL_MARKS.has(token.charAt(end - 1))) {
    if (token.charAt(end - 1) === '.' && token.charAt(end - 2) !== '.') {
      const core = splitToken(token.slice(0, end)).core;
      if (KEEP_FINAL_PERIOD.has(core.toLowerCase()) || DOTTED.test(core)) break;
    }
    end -= 1;
  }
  return token.slice(0, end);
}

/** Dashes only between words, never first, last, doubled or after a comma. */
function tidy({ tokens, keys }: Words): Words {
  const out: Words = { tokens: [], keys: [] };
  tokens.forEach((token, at) => {
    const last = out.tokens.at(-1);
    if (last === undefined ? !hasLetterOrDigit(token) : isDash(token) && endsClause(last)) return;
    out.tokens.push(token);
    out.keys.push(keys[at] ?? '');
  });
  while (out.tokens.length > 0) {
    const last = stripFinalMarks(out.tokens.at(-1) ?? '');
    if (last !== '' && !isDash(last)) {
      out.tokens[out.tokens.length - 1] = last;
      break;
    }
    out.tokens.pop();
    out.keys.pop();
  }
  return out;
}

const isWordOrHesitation = (token: string): boolean =>
  isHesitationMark(token) || hasLetterOrDigit(token);

/** One sentence as a clean bullet, or undefined when only fillers or punctuation were said. */
export function cleanItem(sentence: string[]): string | undefined {
  let start = 0;
  // Leading punctuation and dashes go; a leading hesitation stays for the "um like..." rule.
  while (start < sentence.length && !isWordOrHesitation(sentence[start] ?? '')) start += 1;
  const tokens = sentence.slice(start);
  let words = joinSpelledAcronyms({ tokens, keys: wordKeys(tokens) });
  // Removing a filler or a stutter can bring another together ("you um know", "I kind of mean"),
  // so both run again while they still remove something (a few rounds at most).
  for (let round = 0; round < 4; round += 1) {
    const cleaned = removeStutters(removeFillers(words));
    const changed = cleaned.tokens.length !== words.tokens.length;
    words = cleaned;
    if (!changed) break;
  }
  const text = applyCasing(tidy(words)).join(' ');
  return hasLetterOrDigit(text) ? text : undefined;
}

/** The comparison key of an item: lower-case letters and digits, single spaces. */
export function itemKey(item: string): string {
  return item
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function collectItems(notes: readonly string[]): string[] {
  const items: string[] = [];
  const seen = new Set<string>();
  for (const note of notes) {
    if (typeof note !== 'string') continue;
    for (const segment of noteSegments(note)) {
      for (const sentence of splitSentences(segment)) {
        const item = cleanItem(sentence);
        if (item === undefined) continue;
        const key = itemKey(item);
        if (key === '' || seen.has(key)) continue;
        seen.add(key);
        items.push(item);
      }
    }
  }
  return items;
}
