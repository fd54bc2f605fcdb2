import {
  endsClause,
  HESITATION,
  hasLead,
  hasLetterOrDigit,
  hasTrail,
  isNumberish,
  splitToken,
} from './tokens.js';
import {
  APPROXIMATORS,
  CLAUSE_JOINERS,
  I_MEAN_KEEP_PREV,
  KIND_KEEP_PREV,
  LIKE_KEEP_NEXT,
  LIKE_KEEP_PREV,
  OPENING_FILLERS,
  OPENING_JOINERS,
  QUANTITY_NOUNS,
  REPEATS_ALLOWED,
  SOUND_FILLERS,
  YOU_KNOW_KEEP_PREV,
} from './words.js';

/**
 * Filler words and stutters, removed from one item's tokens (with their keys alongside).
 *
 * Always dropped: hesitation sounds (um, uh, er, ah, hmm...) and "basically", which normalize.ts
 * has already turned into HESITATION marks.
 * Dropped at the start of an item: so, okay, ok, alright, yeah, and, then, also ("okay so
 * install..." -> "install...", "and then replace..." -> "replace...").
 * "you know" is dropped unless it follows let/if/do/will... ("we will let you know" stays).
 * "I mean" is dropped unless it follows "what" or "if".
 * "kind of" / "sort of" are dropped as hedges unless they follow a determiner or adjective
 * ("the same kind of mulch", "what sort of edging" stay; "the yard is kind of sloped" loses it).
 *
 * "like" (the conservative rule): it always stays after look(s)/seem(s)/feel(s)/sound(s), would,
 * I'd/we'd, just, much, more, something, exactly, not... ("looks like", "would like", "just like
 * the existing"). Otherwise it is a filler only when
 *   - it follows a dropped hesitation ("um like install" -> "install"), or
 *   - it carries a comma or is followed by a hesitation ("like, install", "like um"), or
 *   - it opens a clause (item start, after a comma or after and/but/so/then) and the next word is
 *     not the/this/that/for/new/existing/a/it/we... ("like install the drip" -> "install the drip",
 *     while "like the existing fence" and "like for like" stay; a lone "like" goes), or
 *   - it comes before a number or an approximation ("replace like two valves", "like maybe 10 ft").
 * "like-for-like" is one word and never touched.
 */

/** Tokens with their word keys (tokens.ts), index for index. */
export interface Words {
  readonly tokens: string[];
  readonly keys: string[];
}

interface Context extends Words {
  readonly at: number;
  readonly prev: string;
  readonly clauseStart: boolean;
  readonly afterHesitation: boolean;
  /** Nothing kept yet in this item. */
  readonly opening: boolean;
}

/** Every word that can start a filler, to skip all other words quickly. */
const FILLER_STARTS = new Set([
  HESITATION,
  ...SOUND_FILLERS,
  ...OPENING_FILLERS,
  ...'you i kind sort okay ok alright all like'.split(' '),
]);

/** How many tokens from `at` are a filler: n for a hesitation, -n for a hedge, 0 for none. */
function fillerLength(context: Context): number {
  const { tokens, keys, at, prev, clauseStart, opening } = context;
  const key = keys[at] ?? '';
  const next = keys[at + 1] ?? '';
  const open = !hasTrail(tokens[at] ?? '');
  if (key === HESITATION || SOUND_FILLERS.has(key)) return 1;
  if (key === 'you' && next === 'know' && open && !YOU_KNOW_KEEP_PREV.has(prev)) return 2;
  if (key === 'i' && next === 'mean' && open && !I_MEAN_KEEP_PREV.has(prev)) return 2;
  if ((key === 'kind' || key === 'sort') && next === 'of' && open && !KIND_KEEP_PREV.has(prev)) {
    return -2;
  }
  if (clauseStart && (key === 'okay' || key === 'ok' || key === 'alright') && next === 'so') {
    return 2;
  }
  if (opening && key === 'all' && next === 'right' && open) return 2;
  if (opening && OPENING_FILLERS.has(key)) return OPENING_JOINERS.has(key) ? -1 : 1;
  if (key === 'like' && isFillerLike(context)) return 1;
  return 0;
}

export function removeFillers({ tokens, keys }: Words): Words {
  const out: Words = { tokens: [], keys: [] };
  let prev = '';
  let afterHesitation = false;
  // Whether a word (not only punctuation or a dash) has been kept yet.
  let hasWord = false;
  let at = 0;
  while (at < tokens.length) {
    const last = out.tokens.at(-1);
    let length = 0;
    if (FILLER_STARTS.has(keys[at] ?? '')) {
      const clauseStart = last === undefined || endsClause(last) || CLAUSE_JOINERS.has(prev);
      const opening = !hasWord;
      length = fillerLength({ tokens, keys, at, prev, clauseStart, afterHesitation, opening });
    }
    if (length === 0) {
      out.tokens.push(tokens[at] ?? '');
      hasWord ||= hasLetterOrDigit(tokens[at] ?? '');
      prev = keys[at] ?? '';
      out.keys.push(prev);
      afterHesitation = false;
      at += 1;
      continue;
    }
    const drop = Math.abs(length);
    // "install, um, the drip" -> "install the drip": a filler set off by commas takes them along.
    const dropped = tokens[at + drop - 1] ?? '';
    if (last !== undefined && splitToken(dropped).trail.includes(',') && last.endsWith(',')) {
      out.tokens[out.tokens.length - 1] = last.slice(0, -1);
    }
    if (length > 0) afterHesitation = true;
    at += drop;
  }
  return out;
}

function isFillerLike(context: Context): boolean {
  const { tokens, keys, at, prev, clauseStart } = context;
  if (LIKE_KEEP_PREV.has(prev)) return false;
  if (context.afterHesitation) return true;
  if (splitToken(tokens[at] ?? '').trail.includes(',')) return true;
  const nextToken = tokens[at + 1];
  const next = keys[at + 1] ?? '';
  // A lone "like" opening an item is a filler; "...whatever you like" keeps it.
  if (nextToken === undefined) return clauseStart;
  if (next === HESITATION || SOUND_FILLERS.has(next)) return true;
  if (clauseStart) return !LIKE_KEEP_NEXT.has(next);
  if (isNumberish(nextToken) || APPROXIMATORS.has(next)) return true;
  return next === 'a' && QUANTITY_NOUNS.has(keys[at + 2] ?? '');
}

const WORD = /^[\p{L}']+$/u;

/**
 * Stutters: a word or a run of two or three words said twice in a row ("the the", "install
 * install", "in the in the") is kept once. Numbers and "that that" / "had had" are left alone.
 */
export function removeStutters({ tokens, keys }: Words): Words {
  const out: Words = { tokens: [], keys: [] };
  tokens.forEach((token, at) => {
    out.tokens.push(token);
    out.keys.push(keys[at] ?? '');
    for (let size = 1; size <= 3; size += 1) {
      if (!isRepeat(out, size)) continue;
      const trail = splitToken(out.tokens.at(-1) ?? '').trail;
      out.tokens.splice(out.tokens.length - size, size);
      out.keys.splice(out.keys.length - size, size);
      out.tokens[out.tokens.length - 1] = (out.tokens.at(-1) ?? '') + trail;
      break;
    }
  });
  return out;
}

function isRepeat({ tokens, keys }: Words, size: number): boolean {
  const start = tokens.length - 2 * size;
  if (start < 0) return false;
  for (let offset = 0; offset < size; offset += 1) {
    if (keys[start + offset] !== keys[start + size + offset]) return false;
  }
  if (size === 1 && REPEATS_ALLOWED.has(keys[start] ?? '')) return false;
  for (let offset = 0; offset < size; offset += 1) {
    const first = tokens[start + offset] ?? '';
    const second = tokens[start + size + offset] ?? '';
    if (!WORD.test(keys[start + offset] ?? '') || hasTrail(first) || hasLead(second)) return false;
    if (offset < size - 1 && hasTrail(second)) return false;
  }
  return true;
}
