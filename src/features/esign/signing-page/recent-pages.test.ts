import { describe, expect, it } from 'vitest';
import type { SigningPageAssets } from './page-assets.js';
import { recentPage } from './recent-pages.js';

/** A page maker that counts how often it really made the page. */
function counting(html: string) {
  const made = { times: 0 };
  return { made, make: () => ((made.times += 1), html) };
}

describe('signing pages made lately (issue 33)', () => {
  it('makes a page once for the same answer and document, and again for another document', () => {
    const assets: SigningPageAssets = { scriptTags: '', css: '' };
    const page = counting('<html>one</html>');
    expect(recentPage(assets, 'key', '<doc>A</doc>', page.make)).toBe('<html>one</html>');
    expect(recentPage(assets, 'key', '<doc>A</doc>', page.make)).toBe('<html>one</html>');
    expect(page.made.times).toBe(1);
    // Same answer, another document: never the page of the first one.
    const other = counting('<html>two</html>');
    expect(recentPage(assets, 'key', '<doc>B</doc>', other.make)).toBe('<html>two</html>');
    expect(other.made.times).toBe(1);
  });

  it('keeps the pages of other assets (another build) apart', () => {
    const page = counting('<html>old build</html>');
    recentPage({ scriptTags: 'old', css: '' }, 'key', 'doc', page.make);
    const rebuilt = counting('<html>new build</html>');
    expect(recentPage({ scriptTags: 'new', css: '' }, 'key', 'doc', rebuilt.make)).toBe(
      '<html>new build</html>',
    );
    expect(rebuilt.made.times).toBe(1);
  });

  it('keeps at most 64 pages, the least recently used going first', () => {
    const assets: SigningPageAssets = { scriptTags: '', css: '' };
    const first = counting('first');
    recentPage(assets, 'key-0', 'doc', first.make);
    for (let index = 1; index <= 64; index += 1) {
      recentPage(assets, `key-${index}`, 'doc', () => `page ${index}`);
    }
    recentPage(assets, 'key-0', 'doc', first.make);
    expect(first.made.times).toBe(2);
  });
});
