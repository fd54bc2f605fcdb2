import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 * pdf-renderer.test.ts.) The renderer keeps a page between prints (print-pages.ts), so breaking
 * also kills the renderer processes already running, as a crash would: the renderer then
 * replaces their pages with new ones, which start broken.
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
  // exec keeps the script's process id: each line is a renderer process of this browser.
  const started = path.join(folder, 'renderers');
  writeFileSync(
    browser,
    `#!/bin/sh\nexec ${DEBIAN_CHROMIUM_PATH} --renderer-cmd-prefix=${renderer} "$@"\n`,
  );
  writeFileSync(
    renderer,
    `#!/bin/sh\necho $$ >> ${started}\nif [ -e ${flag} ]; then exec "$@" --js-flags=--stack-size=1; fi\nexec "$@"\n`,
  );
  chmodSync(browser, 0o755);
  chmodSync(renderer, 0o755);
  return {
    path: browser,
    breakIt: () => {
      writeFileSync(flag, '');
      killRenderers(started);
    },
    repair: () => rmSync(flag, { force: true }),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * Kills the renderer processes the script started that still run (a process id is checked to
 * still be a renderer before it is killed, as ids are reused).
 */
function killRenderers(startedFile: string): void {
  if (!existsSync(startedFile)) return;
  for (const line of readFileSync(startedFile, 'utf8').split('\n')) {
    const pid = Number(line);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (!commandLineOf(pid).includes('--type=renderer')) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  writeFileSync(startedFile, '');
}

/** A running process's command line; empty once it ended. */
function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
