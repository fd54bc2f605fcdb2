import { SCOPE_PLACEHOLDER_BULLET, type CleanedScope } from '../scope.schemas.js';
import { collectItems } from './items.js';
import { composeParagraph } from './paragraph.js';

/**
 * The rules engine: turns dictated or typed scope notes into a clean scope without a language
 * model. Deterministic, pure and isomorphic (no Node or DOM APIs), linear in the input.
 *
 * Each note is cleaned of invisible characters, spoken punctuation ("comma", "period", "new
 * line"...) becomes marks and item breaks, fillers and stutters are dropped, known acronyms and
 * names get their capitals, and every sentence becomes one bullet (capital first letter, no final
 * period, duplicates removed). The paragraph summarizes the bullets in one sentence.
 */
export function cleanScopeWithRules(snippets: readonly string[]): CleanedScope {
  const bullets = collectItems(snippets);
  if (bullets.length === 0) return { paragraph: '', bullets: [SCOPE_PLACEHOLDER_BULLET] };
  return { paragraph: composeParagraph(bullets), bullets };
}

export { PARAGRAPH_MAX_CHARS } from './paragraph.js';
