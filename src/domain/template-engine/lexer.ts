import type { TemplateProblem } from './ast.js';

/**
 * Splits template source into text and `{{ … }}` tags with their line numbers. A hand-written
 * scanner over indexOf with cached look-ahead positions, so any input is scanned in linear time.
 */

export type LexToken =
  | { type: 'text'; line: number; text: string }
  | { type: 'tag'; line: number; content: string; raw: string };

export interface LexResult {
  tokens: LexToken[];
  problems: TemplateProblem[];
}

const SNIPPET_CHARS = 30;

/** A short one-line excerpt of source for messages. */
export function snippet(text: string): string {
  const oneLine = text.slice(0, SNIPPET_CHARS * 4).replace(/\s+/g, ' ');
  return oneLine.length > SNIPPET_CHARS ? `${oneLine.slice(0, SNIPPET_CHARS)}…` : oneLine;
}

export function lexTemplate(source: string): LexResult {
  const tokens: LexToken[] = [];
  const problems: TemplateProblem[] = [];

  // Line counting only ever moves forward, so the whole scan stays linear.
  let line = 1;
  let counted = 0;
  const lineAt = (position: number): number => {
    for (let i = counted; i < position; i++) if (source.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, position);
    return line;
  };

  // Cached "next occurrence at or after" positions; -1 means there is none anywhere after.
  let nextOpenCache = -2;
  const nextOpen = (from: number): number => {
    if (nextOpenCache !== -1 && nextOpenCache < from) nextOpenCache = source.indexOf('{{', from);
    return nextOpenCache;
  };
  let nextCloseCache = -2;
  const nextClose = (from: number): number => {
    if (nextCloseCache !== -1 && nextCloseCache < from) nextCloseCache = source.indexOf('}}', from);
    return nextCloseCache;
  };

  let position = 0;
  while (position < source.length) {
    const open = nextOpen(position);
    if (open === -1) {
      tokens.push({ type: 'text', line: lineAt(position), text: source.slice(position) });
      break;
    }
    if (open > position) {
      tokens.push({ type: 'text', line: lineAt(position), text: source.slice(position, open) });
    }
    const tagLine = lineAt(open);
    const close = nextClose(open + 2);
    const reopen = nextOpen(open + 2);
    if (close === -1) {
      problems.push({
        line: tagLine,
        message: `"${snippet(source.slice(open))}" is never closed with }}`,
      });
      break;
    }
    if (reopen !== -1 && reopen < close) {
      problems.push({
        line: tagLine,
        message: `"${snippet(source.slice(open, reopen))}" is not closed with }} before the next {{`,
      });
      position = reopen;
      continue;
    }
    let end = close + 2;
    const content = source.slice(open + 2, close);
    // {{{x}}}: swallow the third closing brace so the whole tag is reported as one problem.
    if (content.startsWith('{') && source.charCodeAt(end) === 125) end++;
    tokens.push({ type: 'tag', line: tagLine, content, raw: source.slice(open, end) });
    position = end;
  }
  return { tokens, problems };
}
