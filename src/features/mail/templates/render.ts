import { Eta } from 'eta';
import { appFilesDir } from '../../../lib/app-files.js';
import {
  formatDateTime,
  formatLongDate,
  formatLongDateIn,
  formatUtcDateTime,
} from '../../../domain/dates.js';
import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/i18n/languages.js';

/**
 * Our own email templates, the only place eta is used (docs/decisions/006: it compiles
 * templates to JavaScript, so it never sees a template a user wrote). `<%= %>` escapes, which is
 * what the HTML views use for every piece of user data; the text views print raw with `<%~ %>`.
 * autoTrim is off so a value at the end of a line keeps its line break in the text parts; control
 * tags that should not leave a blank line end with `-%>`.
 */
const eta = new Eta({
  views: appFilesDir('mailViews'),
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

/**
 * Renders `<name>.html.eta` and `<name>.txt.eta` with the same data, in the reader's language:
 * the templates find it as `it.lang` and the shared words (layout, contacts) as `it.t`. Mails to
 * the contractor leave it out and are English (docs/decisions/029).
 */
export function renderParts(
  name: string,
  data: object,
  language: Language = DEFAULT_LANGUAGE,
): { html: string; text: string } {
  const view = { ...data, lang: language, t: messagesFor(language).mail };
  return {
    html: eta.render(`./${name}.html.eta`, view),
    text: eta.render(`./${name}.txt.eta`, view).trim() + '\n',
  };
}

/** `November 21, 2026` (UTC; `noviembre 21, 2026` in Spanish); the input itself when it is not a date. */
export const longDate = formatLongDate;

/** `November 21, 2026 at 3:04 PM UTC` (`noviembre 21, 2026 a las 3:04 PM UTC` in Spanish). */
export const longDateTime = formatUtcDateTime;

/**
 * A time on the company's clock, `November 21, 2026 at 9:04 AM CST` (issue 31); UTC, as
 * longDateTime, while the company has not set its time zone.
 */
export const companyDateTime = formatDateTime;

/** The date on the company's clock; longDate's UTC date while it has no time zone. */
export const companyDate = formatLongDateIn;

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
