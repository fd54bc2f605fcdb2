/**
 * Word lists for the filler rules (see fillers.ts). Every list is deliberately short: a word is
 * only dropped when it is clearly a filler, and context lists keep it in meaningful uses.
 */

const set = (words: string): ReadonlySet<string> => new Set(words.split(' '));

/** Hesitation sounds (and "basically"): always dropped, wherever they occur. */
export const SOUND_FILLERS = set(
  'um umm ummm uh uhh uhm er erm ah ahh hmm hmmm hm mm mmm basically',
);

/** Dropped when they open an item: "so install...", "yeah so...", "and then replace...". */
export const OPENING_FILLERS = set('so okay ok alright yeah and then also');

/** Of those, the ones that only join items, so a "like" after them is not a filler for sure. */
export const OPENING_JOINERS = set('and then also');

/** Words after which a clause starts again, as after a comma: "and like install...". */
export const CLAUSE_JOINERS = set('and but or so then plus');

/** Determiners: "a comma", "the period", "this kind of" use the word as a noun. */
export const DETERMINERS = set(
  'a an the this that these those each every one no any per which what whatever some another',
);

/** "kind of" / "sort of" stay after these ("the same kind of mulch", "what sort of edging"). */
export const KIND_KEEP_PREV = new Set([
  ...DETERMINERS,
  ...set('whichever all same other different similar right wrong good better best new old only'),
  ...set('first certain specific particular my your our their his her its whose'),
]);

/** "like" always stays after these: "looks like", "would like", "just like the existing". */
export const LIKE_KEEP_PREV = set(
  'look looks looked looking seem seems seemed feel feels felt sound sounds sounded would ' +
    "i'd we'd you'd they'd he'd she'd who'd just much more less something anything nothing " +
    "exactly don't doesn't didn't not also really might will to what",
);

/** At the start of a clause, "like" stays before these: "like the existing", "like for like". */
export const LIKE_KEEP_NEXT = set(
  'the this that these those for before new existing original it its them what how we you a an',
);

/** "like" before these is an approximation filler: "replace like maybe two valves". */
export const APPROXIMATORS = set('maybe about around approximately roughly probably');

/** "like a couple of..." is an approximation too. */
export const QUANTITY_NOUNS = set('couple few dozen hundred handful');

/** "you know" stays after these: "we will let you know", "if you know". */
export const YOU_KNOW_KEEP_PREV = set(
  "let lets let's letting if do does did will would should can could to sure make don't",
);

/** "I mean" stays after these: "what I mean is". */
export const I_MEAN_KEEP_PREV = set('what if');

/** Doubled words that can be correct English: "make sure that that valve", "had had". */
export const REPEATS_ALLOWED = set('that had');

/** "period" is a noun after these: "warranty period", "a 30-day period". */
export const PERIOD_NOUN_PREV = new Set([
  ...DETERMINERS,
  ...set('warranty grace trial waiting curing cure drying dry settling establishment growing'),
  ...set('rest time cooling billing payment notice review guarantee rental lease same'),
  ...set('day days week weeks month months year years hour hours minute minutes'),
]);

/** "new line" is a pipe or wire after these: "run a new line", "install new line". */
export const NEW_LINE_NOUN_PREV = new Set([
  ...DETERMINERS,
  ...set('install installing run running add adding lay laying put pull pulling need needs'),
  ...set('with for into trench tap connect'),
]);

/** ...or before these: "new line to the hose bib", "new line from the meter". */
export const NEW_LINE_NOUN_NEXT = set('of to from for into under along across through between');
