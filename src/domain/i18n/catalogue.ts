import { en, type Messages } from './en/index.js';
import { es } from './es/index.js';
import type { Language } from './languages.js';

/**
 * One catalogue per language (docs/decisions/028): plain typed objects. English is the shape;
 * every other language must have the same keys (the type checker and catalogue.test.ts both
 * hold it). A message with values is a function of them.
 */
export type { Messages };

const CATALOGUES: Record<Language, Messages> = { en, es };

export function messagesFor(language: Language): Messages {
  return CATALOGUES[language];
}
