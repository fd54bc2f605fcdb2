import { SEARCH_FOLD } from '../../../db/migrations/202611281100_contract_search.js';

/**
 * The query's side of contract search. The database folds `contracts.search_text` with the
 * migration's pairs (db/migrations/202611281100_contract_search.ts); the query is folded here
 * with the same pairs, so a search answers the same on SQLite and PostgreSQL.
 */

const foldOf = new Map<string, string>(SEARCH_FOLD);

/** Upper case and accents as the database folds them: "MUÑOZ" reads "munoz". */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const character of text) folded += foldOf.get(character) ?? character;
  return folded;
}

/** Words at most: a longer query is a sentence, not a search. */
const MAX_TERMS = 8;

export interface SearchTerm {
  /** A LIKE pattern for `search_text`, `!` escaping: `%` and `_` typed are literal. */
  pattern: string;
  /** "12" or "#12" may be the contract's number. */
  contractId: number | null;
}

/**
 * The words of a query, each of which a contract must contain (in its client's name, email or
 * address, or as its number), in any order: "smith oak" finds Jo Smith of 12 Oak Lane.
 */
export function searchTerms(query: string): SearchTerm[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  return words.map((word) => {
    const number = /^#?(\d{1,9})$/.exec(word)?.[1];
    return {
      pattern: `%${word.replace(/[!%_]/g, '!$&')}%`,
      contractId: number === undefined ? null : Number(number),
    };
  });
}
