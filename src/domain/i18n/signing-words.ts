import { messagesFor, type Messages } from './catalogue.js';
import type { Language } from './languages.js';

/** The signing page's words, as the page reads them: a contract's or a change order's. */
export type SigningWords = Omit<Messages['signing'], 'changeOrder'>;

/** A group's words replaced one by one, each by a word of the same shape. */
type Overrides<T> = {
  [K in keyof T]?: T[K] extends (...args: never[]) => unknown
    ? T[K]
    : T[K] extends object
      ? Partial<T[K]>
      : T[K];
};
type Holds<T extends true> = T;
/** Fails to compile when a change order's word would replace a contract's of another shape. */
export type ChangeOrderWordsFit = Holds<
  Messages['signing']['changeOrder'] extends Overrides<SigningWords> ? true : false
>;

/** What a signing link's document is (issue 38): its words differ where they name it. */
export type SignedDocumentKind = 'contract' | 'change-order';

/** A change order is a contract row that names the contract it changes. */
export function signedDocumentKindOf(document: {
  change_order_of: number | null;
}): SignedDocumentKind {
  return document.change_order_of === null ? 'contract' : 'change-order';
}

/**
 * The signing page's words in `language` for a contract or a change order: a change order's
 * page says "change order" wherever a contract's says "contract" (its catalogue's
 * `signing.changeOrder`), and shares every other word.
 */
export function signingWordsFor(language: Language, kind: SignedDocumentKind): SigningWords {
  const { changeOrder, ...contract } = messagesFor(language).signing;
  if (kind === 'contract') return contract;
  const merged: Record<string, unknown> = { ...contract };
  for (const [key, value] of Object.entries(changeOrder)) {
    const base = merged[key];
    // One level deep, the catalogue's own depth: a group's other words stay the contract's.
    merged[key] =
      typeof value === 'object' && typeof base === 'object' ? { ...base, ...value } : value;
  }
  return merged as SigningWords;
}
