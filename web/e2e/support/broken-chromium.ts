import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEBIAN_CHROMIUM_PATH } from '../../../src/lib/chromium';

/**
 * Debian's Chromium behind a switch, for a server's CHROMIUM_PATH: while broken, every page it
 * opens fails as soon as it is given content, so every print fails at once; repaired, the same
 * running browser prints again.
 *
 * Why pages and not the whole browser: the browser starts and stays up, as it does when one
 * contract's print fails, and a page that fails fails at once (a browser killed under a page
 * leaves that page's creation hanging until the render's 60 s deadline). Each page's renderer
 * process is launched through a script (Chromium's --renderer-cmd-prefix) which, while the switch
 * is on, gives it a JavaScript stack too small to run anything: Playwright's setContent then fails
 * with "Maximum call stack size exceeded". (A Chromium that fails to start is covered by
 * pdf-renderer.test.ts.)
 */
export interface BrokenChromium {
  /** The script to give the server as CHROMIUM_PATH. */
  path: string;
  /** From now on, every page fails. */
  breakIt(): void;
  /** From now on, pages work again. */
  repair(): void;
  /** Removes the scripts. */
  remove(): void;
}

export function brokenChromium(): BrokenChromium {
  const folder = mkdtempSync(path.join(tmpdir(), 'tradesign-broken-chromium-'));
  // Chromium splits --renderer-cmd-prefix at spaces, and the scripts name these paths unquoted.
  if (/\s/.test(folder)) throw new Error(`a temporary folder without spaces is needed: ${folder}`);
  const browser = path.join(folder, 'chromium');
  const renderer = path.join(folder, 'renderer');
  const flag = path.join(folder, 'broken');
  writeFileSync(
    browser,
    `#!/bin/sh\nexec ${DEBIAN_CHROMIUM_PATH} --renderer-cmd-prefix=${renderer} "$@"\n`,
  );
  writeFileSync(
    renderer,
    `#!/bin/sh\nif [ -e ${flag} ]; then exec "$@" --js-flags=--stack-size=1; fi\nexec "$@"\n`,
  );
  chmodSync(browser, 0o755);
  chmodSync(renderer, 0o755);
  return {
    path: browser,
    breakIt: () => writeFileSync(flag, ''),
    repair: () => rmSync(flag, { force: true }),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
