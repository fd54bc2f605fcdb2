import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPdfRenderer } from '../features/documents/pdf-renderer.js';
import {
  CHROMIUM_WITHOUT_SANDBOX_WARNING,
  DEBIAN_CHROMIUM_PATH,
  headlessChromiumLaunch,
} from './chromium.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('Chromium’s own sandbox (issue 15)', () => {
  it('is kept for a process that is not root, and dropped (with a warning) only as root', () => {
    const asUser = headlessChromiumLaunch(DEBIAN_CHROMIUM_PATH, true);
    expect(asUser.chromiumSandbox).toBe(true);
    expect(asUser.args).not.toContain('--no-sandbox');
    expect(asUser.args).toContain('--headless');

    const asRoot = headlessChromiumLaunch(DEBIAN_CHROMIUM_PATH, false);
    expect(asRoot.chromiumSandbox).toBe(false);
    expect(asRoot.args).toContain('--no-sandbox');

    const warnings: string[] = [];
    const log = { warn: (_details: object, message?: string) => warnings.push(message ?? '') };
    void createPdfRenderer({ chromiumPath: DEBIAN_CHROMIUM_PATH, log, sandbox: true }).close();
    expect(warnings).toEqual([]);
    void createPdfRenderer({ chromiumPath: DEBIAN_CHROMIUM_PATH, log, sandbox: false }).close();
    expect(warnings).toEqual([CHROMIUM_WITHOUT_SANDBOX_WARNING]);
  });

  /**
   * The real thing: the renderer, started by a process that is not root, prints a page; its
   * Chromium's sandboxed zygote (the parent of every page process) sits in a user namespace of
   * its own, and no process of it carries --no-sandbox.
   */
  const nobody = nonRootAccount();
  it.skipIf(!nobody.uid)(
    `prints in a sandboxed Chromium when TradeSign is not root (${nobody.why})`,
    () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-sandbox-'));
      fs.chownSync(home, nobody.uid ?? 0, nobody.gid ?? 0);
      try {
        const script = `
          import fs from 'node:fs';
          import { createPdfRenderer } from ${JSON.stringify(path.join(repoRoot, 'src/features/documents/pdf-renderer.ts'))};
          const renderer = createPdfRenderer({ chromiumPath: ${JSON.stringify(DEBIAN_CHROMIUM_PATH)}, log: { warn: (_d, m) => console.log('WARN', m) } });
          const pdf = await renderer.render('<!doctype html><p>Sandboxed</p>');
          const processes = [];
          for (const pid of fs.readdirSync('/proc').filter((name) => /^\\d+$/.test(name))) {
            try {
              // Chromium's children rewrite their argv as one string: split on spaces too.
              const command = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').split(/[\\0 ]/);
              if (!command[0].includes('chromium')) continue;
              processes.push({ command, userNamespace: fs.readlinkSync('/proc/' + pid + '/ns/user') });
            } catch {}
          }
          await renderer.close();
          console.log(JSON.stringify({ pdfBytes: pdf.length, processes }));
        `;
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script],
          {
            cwd: repoRoot,
            uid: nobody.uid,
            gid: nobody.gid,
            env: { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: home },
            encoding: 'utf8',
            timeout: 60_000,
          },
        );
        const last = run.stdout.trim().split('\n').at(-1) ?? '';
        expect(run.status, run.stderr + run.stdout).toBe(0);
        expect(run.stdout).not.toContain('WARN');
        const result = JSON.parse(last) as {
          pdfBytes: number;
          processes: { command: string[]; userNamespace: string }[];
        };
        expect(result.pdfBytes).toBeGreaterThan(1000);
        const browser = result.processes.find(
          ({ command }) => !command.some((a) => a.startsWith('--type=')),
        );
        // Page processes are forked from the sandboxed zygote, which lives in its own namespace.
        const sandboxedZygotes = result.processes.filter(
          ({ command }) =>
            command.includes('--type=zygote') && !command.includes('--no-zygote-sandbox'),
        );
        expect(browser).toBeDefined();
        expect(sandboxedZygotes.length).toBeGreaterThan(0);
        for (const zygote of sandboxedZygotes) {
          expect(zygote.userNamespace).not.toBe(browser?.userNamespace);
        }
        for (const { command } of result.processes) expect(command).not.toContain('--no-sandbox');
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
  );
});

/** An account that is not root, able to read the repository: only a root test run can switch to it. */
function nonRootAccount(): { uid?: number; gid?: number; why: string } {
  if (process.getuid?.() !== 0) {
    return { why: 'skipped: switching to another user needs a test run as root' };
  }
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) return { why: 'skipped: this machine has no user nobody' };
  const readable = spawnSync('test', ['-r', path.join(repoRoot, 'package.json')], {
    uid: Number(uid),
    gid: Number(gid),
  });
  if (readable.status !== 0) return { why: 'skipped: user nobody cannot read the repository' };
  return { uid: Number(uid), gid: Number(gid), why: 'as user nobody' };
}
