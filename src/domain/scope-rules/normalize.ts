import { isHesitation, matchCommand } from './spoken.js';
import {
  endsClause,
  HESITATION,
  hasLetterOrDigit,
  hasTrail,
  isDash,
  isHesitationMark,
  isMarkChar,
  isMarksOnly,
  splitToken,
} from './tokens.js';

/**
 * First pass over a note: remove invisible characters, split it into lines and words, and turn
 * spoken punctuation (spoken.ts) into marks. The result is a list of segments (lists of tokens);
 * a segment ends at a line break, at "new line" / "next item" / "bullet point", and at a spoken
 * "period", "question mark" or "exclamation point". Typed sentences are split later (items.ts).
 * Hesitation sounds become HESITATION marks, so they never get in the way of spoken commands.
 */

/** Control, format (zero-width, bidi, soft hyphen, BOM) and lone surrogate characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;
const LINE_BREAKS = new Set(['\n', '\r', '\u000B', '\u000C', '\u0085', '\u2028', '\u2029']);
const SENTENCE_MARKS = new Set(['.', '?', '!']);

/** The note with line breaks as "\n", tabs as spaces, and every other invisible character gone. */
export function sanitize(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVISIBLE, (char) => (LINE_BREAKS.has(char) ? '\n' : char === '\t' ? ' ' : ''));
}

/** The index of the last token that is not a hesitation mark (at most one step back), or -1. */
function lastWordIndex(segment: readonly string[]): number {
  let index = segment.length - 1;
  while (index >= 0 && isHesitationMark(segment[index])) index -= 1;
  return index;
}

/** Puts a mark after the last word, replacing a weaker mark already there ("line," + "."). */
function attachMark(segment: string[], mark: string): void {
  const index = lastWordIndex(segment);
  const last = segment[index];
  if (last === undefined) return;
  if (isDash(last)) {
    segment.splice(index, 1);
    attachMark(segment, mark);
    return;
  }
  const end = last.charAt(last.length - 1);
  if (end === mark || (mark === '.' && (end === '?' || end === '!'))) return;
  const replace = end === ',' || end === ';' || end === ':';
  segment[index] = (replace ? last.slice(0, -1) : last) + mark;
}

/** A dash is kept only between words: not first, not doubled, not after a comma. */
function pushDash(segment: string[], dash: string): void {
  const last = segment[lastWordIndex(segment)];
  if (last !== undefined && !isDash(last) && !endsClause(last)) segment.push(dash);
}

/** A hesitation mark; hesitations in a row make one ("um uh er"), so marks never pile up. */
function pushHesitation(segment: string[], trail: string): void {
  const last = segment.at(-1);
  if (isHesitationMark(last)) segment[segment.length - 1] = HESITATION + (trail || last.slice(1));
  else segment.push(HESITATION + trail);
}

// • and · as escapes: the release's server bundle must stay ASCII (scripts/release/bundle.ts).
const LIST_MARKER = /^(?:[*\u2022\u00b7+]|\d{1,2}[.)])$/;

function splitLineIntoSegments(line: string, segments: string[][]): void {
  const tokens = line.split(/\s+/).filter((token) => token !== '');
  // A typed list marker opening the line: "- mulch", "* edging", "2. sod", "3) drip".
  const first = tokens[0] ?? '';
  if (LIST_MARKER.test(first) || isDash(first)) tokens.shift();
  let segment: string[] = [];
  let hyphen = false;
  const close = (): void => {
    if (segment.length > 0) segments.push(segment);
    segment = [];
  };
  let at = 0;
  while (at < tokens.length) {
    const match = matchCommand(tokens, at, segment);
    const token = tokens[at] ?? '';
    const joinHyphen = hyphen;
    hyphen = false;
    if (match !== undefined) {
      const [command, length] = match;
      at += length;
      if (command.kind === 'break') close();
      else if (command.kind === 'dash') pushDash(segment, '-');
      else if (command.kind === 'hyphen') hyphen = lastWordIndex(segment) >= 0;
      else {
        attachMark(segment, command.mark);
        if (SENTENCE_MARKS.has(command.mark)) close();
      }
      continue;
    }
    at += 1;
    const lastIndex = lastWordIndex(segment);
    const last = segment[lastIndex];
    if (isMarksOnly(token)) {
      // Typed punctuation standing alone ("drip line ." ) joins the word before it.
      for (const char of token) if (isMarkChar(char)) attachMark(segment, char);
    } else if (isHesitation(token)) {
      // "like hyphen um for": the hyphen still joins "like" and "for".
      hyphen = joinHyphen;
      if (!joinHyphen) pushHesitation(segment, splitToken(token).trail);
    } else if (isDash(token)) {
      pushDash(segment, token);
    } else if (joinHyphen && last !== undefined && !hasTrail(last) && hasLetterOrDigit(token)) {
      // "like hyphen for" -> "like-for"; a hesitation said in between is dropped.
      segment.splice(lastIndex, segment.length - lastIndex, `${last}-${token}`);
    } else {
      segment.push(token);
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
