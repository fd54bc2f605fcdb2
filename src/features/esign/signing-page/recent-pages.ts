import type { SigningPageAssets } from './page-assets.js';

interface RecentPage {
  /** The contract's document the page was made with, compared whole before the page is reused. */
  documentHtml: string;
  html: string;
}

/** Pages made lately, per set of assets, by what they show; least recently used first. */
const pagesByAssets = new WeakMap<SigningPageAssets, Map<string, RecentPage>>();
const MOST_KEPT = 64;

/**
 * A signing page made earlier from exactly the same answer, language, link and assets, or a new
 * one. A homeowner's page is opened again and again while nothing about it changes (a reload,
 * the language switch back, a second device); making it escaped the whole contract twice and
 * cut the notice into links, about a tenth of a request's CPU (issue 33). `key` holds everything
 * the page shows but the document, which is compared whole: a page is never reused for another
 * document. About 50 KB a page, so at most a few megabytes.
 */
export function recentPage(
  assets: SigningPageAssets,
  key: string,
  documentHtml: string,
  make: () => string,
): string {
  let pages = pagesByAssets.get(assets);
  if (!pages) pagesByAssets.set(assets, (pages = new Map<string, RecentPage>()));
  const known = pages.get(key);
  if (known && known.documentHtml === documentHtml) {
    pages.delete(key);
    pages.set(key, known);
    return known.html;
  }
  const html = make();
  pages.delete(key);
  if (pages.size >= MOST_KEPT) pages.delete(pages.keys().next().value!);
  pages.set(key, { documentHtml, html });
  return html;
}
