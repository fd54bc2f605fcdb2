import { hasLead, hasTrail, isHesitationMark, wordKey } from './tokens.js';
import {
  DETERMINERS,
  NEW_LINE_NOUN_NEXT,
  NEW_LINE_NOUN_PREV,
  PERIOD_NOUN_PREV,
  SOUND_FILLERS,
} from './words.js';

/**
 * Spoken punctuation. Whole words only ("commander", "periodic", "dashboard" are never touched),
 * case-insensitive, and a hesitation inside is ignored ("new um line"). The words stay words when
 * they are used as words: after a determiner ("a comma", "the period", "a new line", "a dash of"),
 * "period" after warranty/grace/curing... or before "of", and "new line" after run/install/lay...
 * or before to/from/for... ("run new line to the hose bib").
 */

export type Command =
  | { readonly words: readonly string[]; readonly kind: 'break' }
  | { readonly words: readonly string[]; readonly kind: 'mark'; readonly mark: string }
  | { readonly words: readonly string[]; readonly kind: 'dash' }
  | { readonly words: readonly string[]; readonly kind: 'hyphen' };

/** Longest first where one command starts another ("semi colon" before "colon"). */
const COMMANDS: readonly Command[] = [
  ...['new paragraph', 'new line', 'next line', 'next item', 'new item', 'next bullet']
    .concat(['new bullet', 'bullet point'])
    .map((words): Command => ({ words: words.split(' '), kind: 'break' })),
  ...[
    ['full stop', '.'],
    ['period', '.'],
    ['question mark', '?'],
    ['exclamation point', '!'],
    ['exclamation mark', '!'],
    ['semi colon', ';'],
    ['semicolon', ';'],
    ['colon', ':'],
    ['comma', ','],
  ].map(([words = '', mark = '']): Command => ({ words: words.split(' '), kind: 'mark', mark })),
  { words: ['dash'], kind: 'dash' },
  { words: ['hyphen'], kind: 'hyphen' },
];

const BY_FIRST_WORD = new Map<string, Command[]>();
for (const command of COMMANDS) {
  const first = command.words[0] ?? '';
  BY_FIRST_WORD.set(first, [...(BY_FIRST_WORD.get(first) ?? []), command]);
}

/** The first letters of command words, as character codes of both cases. */
const FIRST_LETTERS = new Set(
  [...BY_FIRST_WORD.keys()].flatMap((word) => [word.charCodeAt(0), word.charCodeAt(0) - 32]),
);

/** A hesitation sound as dictated. */
export function isHesitation(token: string | undefined): boolean {
  return token !== undefined && SOUND_FILLERS.has(wordKey(token));
}

/** Whether the words of a command are used as ordinary words here ("a comma", "the period"). */
function isNounUse(command: Command, prev: string, next: string): boolean {
  if (DETERMINERS.has(prev)) return true;
  const spoken = command.words.join(' ');
  if (spoken === 'period') {
    return PERIOD_NOUN_PREV.has(prev) || next === 'of' || /-(?:day|week|month|year)s?$/.test(prev);
  }
  if (spoken === 'new line') return NEW_LINE_NOUN_PREV.has(prev) || NEW_LINE_NOUN_NEXT.has(next);
  if (spoken === 'dash') return next === 'of';
  return false;
}

/** How many tokens the command takes from `at` (0 if it is not there); "new um line" is one. */
function commandLength(command: Command, tokens: readonly string[], at: number): number {
  let end = at;
  for (const [offset, word] of command.words.entries()) {
    while (offset > 0 && isHesitation(tokens[end]) && !hasTrail(tokens[end] ?? '')) end += 1;
    const token = tokens[end];
    if (token === undefined || wordKey(token) !== word || hasLead(token)) return 0;
    // Only the last word may carry punctuation: "new, line" is not a command.
    if (offset < command.words.length - 1 && hasTrail(token)) return 0;
    end += 1;
  }
  return end - at;
}

/**
 * The command at `at` and the number of tokens it takes, unless its words are plain words here.
 * `segment` is what the note has become so far: the word before is read there (after joins).
 */
export function matchCommand(
  tokens: readonly string[],
  at: number,
  segment: readonly string[],
): [Command, number] | undefined {
  const token = tokens[at] ?? '';
  // A cheap test before any allocation: command words are 3 to 11 letters.
  if (token.length < 3 || token.length > 13 || !FIRST_LETTERS.has(token.charCodeAt(0))) {
    return undefined;
  }
  for (const command of BY_FIRST_WORD.get(wordKey(token)) ?? []) {
    const length = commandLength(command, tokens, at);
    if (length === 0) continue;
    let before = segment.length - 1;
    while (isHesitationMark(segment[before])) before -= 1;
    const previous = segment[before];
    // After punctuation ("that. colon") the words are not one phrase.
    const prev = previous === undefined || hasTrail(previous) ? '' : wordKey(previous);
    // The word after, before any hyphen a later "hyphen" may add ("of" in "of-the").
    const next = wordKey(tokens[at + length]).split('-')[0] ?? '';
    return isNounUse(command, prev, next) ? undefined : [command, length];
  }
  return undefined;
}
