import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SigningPageAssets {
  /** The island's script and its module preloads, as the build wrote them, at low priority. */
  scriptTags: string;
  /** The page's stylesheet, inlined: the first paint waits for nothing but the HTML. */
  css: string;
}

const NO_ASSETS: SigningPageAssets = { scriptTags: '', css: '' };

/**
 * The signing page's built assets, read from web/dist/signing.html (web/signing.html is its
 * source). Without a build (the API's own tests) the page is still whole and readable, without
 * styles or signing.
 */
export function readSigningPageAssets(distDir: string): SigningPageAssets {
  const shell = path.join(distDir, 'signing.html');
  if (!existsSync(shell)) return NO_ASSETS;
  const html = readFileSync(shell, 'utf8');
  const scriptTags = [
    ...html.matchAll(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g),
  ]
    // The island is not needed to read the page: its scripts are asked for at low priority, so
    // on a slow network they never hold up the HTML's first paint.
    .map((match) => match[0].replace(/^<(script|link)/, '<$1 fetchpriority="low"'))
    .join('');
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
  const css = stylesheets
    .map((match) => readFileSync(path.join(distDir, match[1] ?? ''), 'utf8'))
    .join('\n');
  return { scriptTags, css };
}
