import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import { formatLongDate, formatUtcDateTime } from '../../../domain/dates.js';

/**
 * Our own email templates, the only place eta is used (docs/decisions/006: it compiles
 * templates to JavaScript, so it never sees a template a user wrote). `<%= %>` escapes, which is
 * what the HTML views use for every piece of user data; the text views print raw with `<%~ %>`.
 * autoTrim is off so a value at the end of a line keeps its line break in the text parts; control
 * tags that should not leave a blank line end with `-%>`.
 */
const eta = new Eta({
  views: path.dirname(fileURLToPath(import.meta.url)),
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

/** Renders `<name>.html.eta` and `<name>.txt.eta` with the same data. */
export function renderParts(name: string, data: object): { html: string; text: string } {
  return {
    html: eta.render(`./${name}.html.eta`, data),
    text: eta.render(`./${name}.txt.eta`, data).trim() + '\n',
  };
}

/** `November 21, 2026` (UTC); the input itself when it is not a date. */
export const longDate = formatLongDate;

/** `November 21, 2026 at 3:04 PM UTC`. */
export const longDateTime = formatUtcDateTime;

/** A multi-line value (an address) as one line, for summaries. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? '')
    .split(/\r?\n|\r/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** Only an absolute http(s) URL may become an image source in a mail. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A reason someone typed, as lines: the HTML part escapes each line and puts `<br>` between them
 * (Outlook ignores white-space:pre-wrap), the text part quotes each line with `> `.
 */
export function reasonLines(reason: string): string[] {
  return reason
    .trim()
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => line.trimEnd());
}
