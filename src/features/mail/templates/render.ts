import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

/**
 * Our own email templates, the only place eta is used (architecture decision 4: it compiles
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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function parseTime(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `November 21, 2026` (UTC); the input itself when it is not a date. */
export function longDate(iso: string): string {
  const date = parseTime(iso);
  if (!date) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** `November 21, 2026 at 3:04 PM UTC`; built by hand so every ICU version prints the same. */
export function longDateTime(iso: string): string {
  const date = parseTime(iso);
  if (!date) return iso;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const clock = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${longDate(iso)} at ${clock} UTC`;
}

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
