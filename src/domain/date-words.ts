import type { Language } from './i18n/languages.js';
import { dates as en } from './i18n/en/dates.js';
import { dates as es } from './i18n/es/dates.js';

/**
 * The catalogue's dates section of each language, on its own: the template engine and the date
 * helpers run in the web app too, and need the month names without every other message.
 */
export const DATE_WORDS: Record<Language, typeof en> = { en, es };
