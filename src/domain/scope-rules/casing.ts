import { type Words } from './fillers.js';
import { splitToken, withCore } from './tokens.js';
import {
  ACRONYMS,
  HUNTER_NEXT,
  LED_NEXT,
  MODEL_NUMBER,
  PROPER_PAIRS,
  PROPER_WORDS,
} from './terms.js';

/**
 * Capitals for one item. Existing capitals are never lowered. Lower-case words are raised only
 * when they are known: trade acronyms (pvc -> PVC, gfcis -> GFCIs; spelled "p v c" -> PVC is
 * done first, by joinSpelledAcronyms), "led" before a lighting word, brand names and days and
 * months (trex -> Trex, rain bird -> Rain Bird, hunter before a model number or a part ->
 * Hunter), one-letter model numbers and ratings (x2 -> X2, r-19 -> R-19) and the pronoun I.
 * Then the item's first letter is made a capital. Changes `words` in place.
 */
export function applyCasing(words: Words): string[] {
  const { tokens: out, keys } = words;
  for (let at = 0; at < out.length; at += 1) {
    const key = keys[at] ?? '';
    if (!mayRaise(key)) continue;
    const token = out[at] ?? '';
    const { core } = splitToken(token);
    if (core === '' || core !== key) continue;
    const next = keys[at + 1] ?? '';
    const pair = PROPER_PAIRS.get(`${core} ${next}`);
    const second = splitToken(out[at + 1] ?? '');
    if (pair !== undefined && splitToken(token).trail === '' && second.lead === '') {
      const words = [...pair];
      words[0] = splitToken(token).lead + (words[0] ?? '');
      words[words.length - 1] += second.trail;
      out.splice(at, 2, ...words);
      keys.splice(at, 2, ...words.map(() => ''));
      continue;
    }
    const raised = raiseWord(core, next);
    if (raised !== core) out[at] = withCore(token, raised);
  }
  const first = out[0];
  if (first !== undefined) out[0] = withCore(first, capitalize(splitToken(first).core));
  return out;
}

/** Every lower-case word that raiseWord or a name pair may change. */
const RAISABLE = new Set([
  ...ACRONYMS,
  ...[...ACRONYMS].map((acronym) => `${acronym}s`),
  ...PROPER_WORDS.keys(),
  ...[...PROPER_PAIRS.keys()].map((pair) => pair.split(' ')[0] ?? ''),
  ...['led', 'leds', 'hunter', 'i'],
]);

/** A cheap first test, before any allocation: could this lower-case key be raised at all? */
function mayRaise(key: string): boolean {
  if (RAISABLE.has(key)) return true;
  const last = key.charCodeAt(key.length - 1);
  const first = key.charCodeAt(0);
  // A model number ("x2", "r-19") or a contraction of "I" ("i'll").
  return (last >= 48 && last <= 57 && first >= 97 && first <= 122) || key.startsWith("i'");
}

function raiseWord(core: string, next: string): string {
  if (ACRONYMS.has(core)) return core.toUpperCase();
  if (core.length > 2 && core.endsWith('s') && ACRONYMS.has(core.slice(0, -1))) {
    return `${core.slice(0, -1).toUpperCase()}s`;
  }
  if (core === 'leds') return 'LEDs';
  if (core === 'led') return LED_NEXT.has(next) ? 'LED' : core;
  const proper = PROPER_WORDS.get(core);
  if (proper !== undefined) return proper;
  if (core === 'hunter') {
    return HUNTER_NEXT.has(next) || MODEL_NUMBER.test(next) ? 'Hunter' : core;
  }
  if (MODEL_NUMBER.test(core)) return core.toUpperCase();
  if (core === 'i' || core.startsWith("i'") || core.startsWith('i’')) return capitalize(core);
  return core;
}

function capitalize(word: string): string {
  const first = word.charAt(0);
  return first === first.toUpperCase() ? word : first.toUpperCase() + word.slice(1);
}

/**
 * Dictated letter by letter: "p v c" -> "PVC", "a g f c i" -> "a GFCI". A run of single letters
 * is joined only when the whole run spells a listed acronym (after a leading "a" or "I").
 * Runs before the filler rules, so "p v c p v c" is a stutter like any other.
 */
export function joinSpelledAcronyms({ tokens, keys }: Words): Words {
  const out: Words = { tokens: [], keys: [] };
  let at = 0;
  while (at < tokens.length) {
    let end = at;
    while (end < tokens.length && isLetterToken(tokens[end] ?? '', end === at)) {
      end += 1;
      const trail = splitToken(tokens[end - 1] ?? '').trail;
      if (trail.includes('.')) end -= 1; // "c." may be an initial, or end a sentence
      if (trail !== '') break;
    }
    const length = end - at;
    const word = length >= 2 && length <= 6 ? keys.slice(at, end).join('') : '';
    const trail = word === '' ? '' : splitToken(tokens[end - 1] ?? '').trail;
    const article = length >= 3 && (word.startsWith('a') || word.startsWith('i'));
    if (ACRONYMS.has(word)) {
      out.tokens.push(word.toUpperCase() + trail);
      out.keys.push(word);
    } else if (article && ACRONYMS.has(word.slice(1))) {
      out.tokens.push(tokens[at] ?? '', word.slice(1).toUpperCase() + trail);
      out.keys.push(keys[at] ?? '', word.slice(1));
    } else {
      end = Math.max(end, at + 1);
      out.tokens.push(...tokens.slice(at, end));
      out.keys.push(...keys.slice(at, end));
    }
    at = end;
  }
  return out;
}

/** A single lower-case letter (or "I"), opening punctuation only on the first of a run. */
function isLetterToken(token: string, first: boolean): boolean {
  if (token.length > 4) return false;
  const { lead, core } = splitToken(token);
  return (
    (core === 'I' || (core.length === 1 && core >= 'a' && core <= 'z')) && (first || lead === '')
  );
}
