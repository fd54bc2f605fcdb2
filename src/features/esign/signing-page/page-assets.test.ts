import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSigningPageAssets } from './page-assets.js';

describe("the signing page's built assets", () => {
  it('takes the island scripts at low priority and inlines the stylesheet', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'signing-assets-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets/signing-1.css'), '.pad{height:200px}');
    writeFileSync(
      path.join(dist, 'signing.html'),
      '<html><head><meta charset="UTF-8" />' +
        '<script type="module" crossorigin src="/assets/signing-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/signing-1.css">' +
        '</head><body></body></html>',
    );
    const assets = readSigningPageAssets(dist);
    expect(assets.scriptTags).toBe(
      '<script fetchpriority="low" type="module" crossorigin src="/assets/signing-1.js"></script>' +
        '<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/react-1.js">',
    );
    expect(assets.css).toBe('.pad{height:200px}');
  });

  it('is empty without a build: the page is still whole, without styles or signing', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'signing-assets-'));
    expect(readSigningPageAssets(dist)).toEqual({ scriptTags: '', css: '' });
  });
});
