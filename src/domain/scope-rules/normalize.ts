import { hasLead, hasTrail, isDash, isMarkChar, isMarksOnly, wordKey } from './tokens.js';
import {
  DETERMINERS,
  NEW_LINE_NOUN_NEXT,
  NEW_LINE_NOUN_PREV,
  PERIOD_NOUN_PREV,
  SOUND_FILLERS,
} from './words.js';

/**
 * First pass over a note: remove invisible characters, split it into lines and words, and turn
 * spoken punctuation into marks. The result is a list of segments (lists of tokens); a segment
 * ends at a line break, at "new line" / "next item" / "bullet point", and at a spoken "period",
 * "question mark" or "exclamation point". Typed sentences are split later (items.ts).
 */

/** Control, format (zero-width, bidi, soft hyphen, BOM) and lone surrogate characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;
const LINE_BREAKS = new Set(['\n', '\r', '\u000B', '\u000C', '\u0085', '\u2028', '\u2029']);

/** The note with line breaks as "\n", tabs as spaces, and every other invisible character gone. */
export function sanitize(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVISIBLE, (char) => (LINE_BREAKS.has(char) ? '\n' : char === '\t' ? ' ' : ''));
}

type Command =
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
const SENTENCE_MARKS = new Set(['.', '?', '!']);

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

const BY_FIRST_WORD = new Map<string, Command[]>();
for (const command of COMMANDS) {
  const first = command.words[0] ?? '';
  BY_FIRST_WORD.set(first, [...(BY_FIRST_WORD.get(first) ?? []), command]);
}
/** The first letters of command words, as character codes of both cases. */
const FIRST_LETTERS = new Set(
  [...BY_FIRST_WORD.keys()].flatMap((word) => [word.charCodeAt(0), word.charCodeAt(0) - 32]),
);

const isHesitation = (token: string | undefined): boolean =>
  token !== undefined && SOUND_FILLERS.has(wordKey(token));

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

/** The command at `at` and the number of tokens it takes, unless its words are plain words. */
function matchCommand(
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
    // The word before, as it stands in the segment so far (after joins, without hesitations).
    let before = segment.length - 1;
    while (isHesitation(segment[before])) before -= 1;
    const prev = wordKey(segment[before]);
    const next = wordKey(tokens[at + length]);
    return isNounUse(command, prev, next) ? undefined : [command, length];
  }
  return undefined;
}

/** Puts a mark after the last token, replacing a weaker mark already there ("line," + "."). */
function attachMark(segment: string[], mark: string): void {
  const last = segment.at(-1);
  if (last === undefined) return;
  if (isDash(last)) {
    segment.pop();
    attachMark(segment, mark);
    return;
  }
  const end = last.charAt(last.length - 1);
  if (end === mark || (mark === '.' && (end === '?' || end === '!'))) return;
  const replace = end === ',' || end === ';' || end === ':';
  segment[segment.length - 1] = (replace ? last.slice(0, -1) : last) + mark;
}

function splitLineIntoSegments(line: string, segments: string[][]): void {
  const tokens = line.split(/\s+/).filter((token) => token !== '');
  // A typed list marker opening the line: "- mulch", "* edging", "2. sod", "3) drip".
  const first = tokens[0];
  if (
    first !== undefined &&
    ('*•·+'.includes(first) || isDash(first) || /^\d{1,2}[.)]$/.test(first))
  )
    tokens.shift();
  let segment: string[] = [];
  let hyphen = false;
  const close = (): void => {
    if (segment.length > 0) segments.push(segment);
    segment = [];
    hyphen = false;
  };
  let at = 0;
  while (at < tokens.length) {
    const match = matchCommand(tokens, at, segment);
    if (match !== undefined) {
      const [command, length] = match;
      at += length;
      switch (command.kind) {
        case 'break':
          close();
          break;
        case 'dash':
          if (segment.length > 0 && !isDash(segment.at(-1) ?? '')) segment.push('-');
          break;
        case 'hyphen':
          hyphen = segment.length > 0;
          break;
        case 'mark':
          attachMark(segment, command.mark);
          hyphen = false;
          if (SENTENCE_MARKS.has(command.mark)) close();
          break;
      }
      continue;
    }
    const token = tokens[at] ?? '';
    at += 1;
    const last = segment.at(-1);
    if (isMarksOnly(token)) {
      // Typed punctuation standing alone ("drip line ." ) joins the word before it.
      for (const char of token) if (isMarkChar(char)) attachMark(segment, char);
      hyphen = false;
    } else if (hyphen && isHesitation(token)) {
      // "like hyphen um for": the hesitation is dropped and the hyphen still joins.
    } else if (hyphen && last !== undefined && !hasTrail(last) && !isHesitation(last)) {
      segment[segment.length - 1] = `${last}-${token}`;
      hyphen = false;
    } else {
      segment.push(token);
      hyphen = false;
    }
  }
  close();
}

/** A note as segments of tokens, with spoken punctuation applied. */
export function noteSegments(note: string): string[][] {
  const segments: string[][] = [];
  for (const line of sanitize(note).split('\n')) splitLineIntoSegments(line, segments);
  return segments;
}
