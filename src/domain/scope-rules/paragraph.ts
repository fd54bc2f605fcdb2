import { PROPER_SPELLINGS } from './terms.js';
import { splitToken, wordKey, withCore } from './tokens.js';
import { gerund, isPlainVerb, isVerb } from './verbs.js';

/**
 * The summary paragraph: one sentence listing the items.
 *
 *   1 item:    "The scope of work includes installing a drip line in the front beds."
 *   2-6 items: "The scope of work includes A, B, and C." (semicolons when an item has a comma)
 *   more, or too long: "The scope of work includes A, B, C, and five additional items listed
 *              below." with as many leading items as fit in PARAGRAPH_MAX_CHARS.
 *
 * An item that opens with a listed trade verb reads as an -ing form ("Install drip" ->
 * "installing drip", "Remove and replace the gate" -> "removing and replacing the gate"),
 * also after "we will" / "we'll" / "need to" / "gonna". Other items keep their words with the
 * first letter lowered, unless it starts a name (PVC, Trex, Rain Bird, "Hunter X2"). Questions
 * ("is the gate included?") stay in the bullets only.
 */

export const PARAGRAPH_MAX_CHARS = 600;
const MAX_LISTED = 6;
const OPENING = 'The scope of work includes';

const MODAL_PREFIXES: readonly (readonly string[])[] = [
  ['we', 'are', 'going', 'to'],
  ["we're", 'going', 'to'],
  ['we', 'need', 'to'],
  ['we', 'have', 'to'],
  ['we', 'will'],
  ["we'll"],
  ['we', 'are', 'gonna'],
  ["we're", 'gonna'],
  ['we', 'gotta'],
  ['gotta'],
  ['going', 'to'],
  ['need', 'to'],
  ['needs', 'to'],
  ['i', 'will'],
  ["i'll"],
  ['contractor', 'will'],
  ['contractor', 'to'],
  ['gonna'],
  ['will'],
  ['please'],
  ['to'],
];

/** A following word that makes the opening word a noun: "Paint color", "Trim to be white". */
const NOUN_NEXT = new Set(
  (
    'to is are was were will shall should must may can could would of by per not only color ' +
    'colors colour type brand style selection selections choice sample samples results cost ' +
    'costs price schedule allowance included order orders mix'
  ).split(' '),
);

/** Words after which a listed verb inside a task is one more task: "..., then mulch the beds". */
const JOINERS = new Set(['and', 'then']);

const WASH_PREFIXES = new Set(['power', 'pressure', 'soft']);

function verbAt(words: readonly string[], at: number): boolean {
  const token = words[at];
  return token !== undefined && splitToken(token).lead === '' && isVerb(wordKey(token));
}

function toGerund(token: string): string {
  return withCore(token, gerund(wordKey(token)));
}

function startsName(words: readonly string[]): boolean {
  const first = splitToken(words[0] ?? '').core;
  if (!/^\p{Lu}[\p{Ll}'’-]*$/u.test(first) || first === 'I' || PROPER_SPELLINGS.has(first)) {
    return true;
  }
  const next = splitToken(words[1] ?? '').core;
  if (PROPER_SPELLINGS.has(next)) return false;
  return /^\p{Lu}\p{Ll}/u.test(next) || /^\p{Lu}{1,3}-?\d/u.test(next);
}

/** An item as a phrase that can follow "The scope of work includes". */
export function toPhrase(item: string): string {
  let words = item.split(' ');
  const keys = words.slice(0, 5).map((word) => wordKey(word));
  const prefix = MODAL_PREFIXES.find(
    (candidate) =>
      candidate.every((word, at) => keys[at] === word && !/[,;:]$/.test(words[at] ?? '')) &&
      verbAt(words, candidate.length),
  );
  if (prefix !== undefined) words = words.slice(prefix.length);
  const second = wordKey(words[1]);
  const pair = second === 'and' || second === 'or';
  // "Seed and straw" names two things; "Patch and paint" two tasks.
  if (verbAt(words, 0) && !NOUN_NEXT.has(second) && (!pair || verbAt(words, 2))) {
    words[0] = toGerund(words[0] ?? '');
    if (pair && !/[,;:]$/.test(words[0])) {
      words[2] = toGerund(words[2] ?? '');
    }
    // "installing drip in the beds, and replace two valves" -> "..., and replacing two valves".
    for (let at = 2; at < words.length - 1; at += 1) {
      const word = words[at] ?? '';
      const joined = JOINERS.has(wordKey(words[at - 1])) && !NOUN_NEXT.has(wordKey(words[at + 1]));
      if (joined && word === wordKey(word) && isPlainVerb(word)) {
        words[at] = gerund(word);
      }
    }
  } else if (WASH_PREFIXES.has(wordKey(words[0])) && words[1] === 'wash' && words.length > 2) {
    // "Power wash the siding" -> "power washing the siding".
    words[0] = (words[0] ?? '').toLowerCase();
    words[1] = 'washing';
  } else if (!startsName(words)) {
    const first = words[0] ?? '';
    words[0] = first.charAt(0).toLowerCase() + first.slice(1);
  }
  return words.join(' ');
}

const COUNTS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');

function countWord(count: number): string {
  return COUNTS[count] ?? String(count);
}

/** "A and B", "A, B, and C", or with semicolons when a phrase has its own commas. */
function joinList(phrases: readonly string[]): string {
  const semicolons = phrases.some((phrase) => phrase.includes(',') || phrase.includes(';'));
  const separator = semicolons ? '; ' : ', ';
  if (phrases.length <= 1) return phrases.join('');
  if (phrases.length === 2) return phrases.join(semicolons ? '; and ' : ' and ');
  return `${phrases.slice(0, -1).join(separator)}${separator}and ${phrases.at(-1) ?? ''}`;
}

function sentence(list: string): string {
  return list.endsWith('.') ? `${OPENING} ${list}` : `${OPENING} ${list}.`;
}

export function composeParagraph(items: readonly string[]): string {
  if (items.length === 0) return '';
  const statements = items.filter((item) => !item.endsWith('?'));
  if (statements.length === 0) return `${OPENING} the items listed below.`;
  // Only the phrases that can be shown are composed: all of a short list, else the first three.
  const phrases = statements
    .slice(0, statements.length <= MAX_LISTED ? MAX_LISTED : 3)
    .map(toPhrase);
  if (statements.length <= MAX_LISTED) {
    const full = sentence(joinList(phrases));
    if (full.length <= PARAGRAPH_MAX_CHARS) return full;
  }
  for (let shown = Math.min(3, statements.length - 1); shown >= 1; shown -= 1) {
    const rest = statements.length - shown;
    const more = `${countWord(rest)} additional item${rest === 1 ? '' : 's'} listed below`;
    const summary = sentence(joinList([...phrases.slice(0, shown), more]));
    if (summary.length <= PARAGRAPH_MAX_CHARS) return summary;
  }
  return statements.length === 1
    ? 'The scope of work is described below.'
    : `${OPENING} the ${countWord(statements.length)} items listed below.`;
}
