import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../src/test/smtp-sink';
import { startApp, type RunningApp } from '../../web/e2e/support/app-server';
import { launchBrowser, newPage, PHONE, uniqueEmail } from '../../web/e2e/support/browser';
import {
  completeOnboarding,
  drawSignature,
  logInThroughUi,
  signUpThroughUi,
} from '../../web/e2e/support/flows';
import { sendContractByApi, signingLinkIn } from '../../web/e2e/support/send-by-api';

/**
 * Issue 21's proof: the release is built, unpacked into an empty folder outside the repository
 * with no node_modules above it, and used as a server owner would, with nothing from this
 * machine's Node.js or the source tree: its PATH holds only the two tools the launcher calls.
 */
const root = path.resolve(import.meta.dirname, '../..');
const { version, devDependencies } = JSON.parse(
  fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
) as { version: string; devDependencies: Record<string, string> };
const name = `tradesign-${version}-linux-${process.arch}`;

let workDir: string;
let folder: string;
let toolsDir: string;

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * `./tradesign <args>` in the work folder, as a server owner types it. Not spawnSync: the SMTP
 * server the doctor checks runs in this process and must keep answering.
 */
function tradesign(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(path.join(folder, 'tradesign'), args, {
    cwd: workDir,
    env: { PATH: toolsDir, HOME: workDir, ...env },
    timeout: 60_000,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

beforeAll(() => {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/release/build.ts'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);

  workDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-release-')));
  for (let dir = workDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    expect(fs.existsSync(path.join(dir, 'node_modules')), `node_modules above in ${dir}`).toBe(
      false,
    );
  }
  expect(path.relative(root, workDir).startsWith('..')).toBe(true);
  const unpack = spawnSync('tar', ['-xzf', path.join(root, 'dist', `${name}.tar.gz`)], {
    cwd: workDir,
    encoding: 'utf8',
  });
  expect(unpack.status, unpack.stderr).toBe(0);
  folder = path.join(workDir, name);
  // No node, npm or compiler on the PATH: only what the launcher itself calls.
  toolsDir = path.join(workDir, 'tools');
  fs.mkdirSync(toolsDir);
  for (const tool of ['dirname', 'readlink']) {
    fs.symlinkSync(`/usr/bin/${tool}`, path.join(toolsDir, tool));
  }
}, 600_000);

afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the release artifact', () => {
  it('is one folder: the launcher, the app, Node.js, README.txt, licenses and the service files', async () => {
    expect(fs.readdirSync(folder).sort()).toEqual([
      'README.txt',
      'app',
      'licenses',
      'node',
      'tradesign',
      'tradesign.env.example',
      'tradesign.service',
    ]);
    expect((await tradesign(['--version'], {})).out.trim()).toBe(version);
    expect(fs.readFileSync(path.join(folder, 'README.txt'), 'utf8')).toContain(
      `sudo tar -xzf ${name}.tar.gz -C /opt/tradesign`,
    );
    const notices = fs.readFileSync(path.join(folder, 'licenses/THIRD-PARTY-NOTICES.txt'), 'utf8');
    for (const shipped of ['fastify', 'better-sqlite3', 'argon2', 'kysely', 'playwright-core']) {
      expect(notices).toMatch(new RegExp(`^  ${shipped} \\d+\\.\\d+\\.\\d+ \\(`, 'm'));
    }
    expect(fs.readFileSync(path.join(folder, 'node/LICENSE'), 'utf8')).toContain('Node.js');
    // Data kept in the folder an upgrade replaces is worth a warning.
    const doctor = await tradesign(['doctor'], { DATA_DIR: path.join(folder, 'data') });
    expect(doctor.out).toContain(
      `warn Data folder ${path.join(folder, 'data')} is inside this release's folder ${folder}, which an upgrade replaces`,
    );
    // The native modules were compiled here, for the runtime that ships with them.
    const app = path.join(folder, 'app');
    expect(
      fs.existsSync(
        path.join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
      ),
    ).toBe(true);
    expect(fs.existsSync(path.join(app, 'node_modules/argon2/build/Release/argon2.node'))).toBe(
      true,
    );
    // The migrations are in the bundle; the preset templates and the web app beside it.
    expect(fs.readdirSync(path.join(app, 'templates')).sort()).toEqual([
      // Issue 38: the Change Order document, English and Spanish.
      'change-order.html',
      'contrato-estandar.html',
      'orden-de-cambio.html',
      'standard-contract.html',
    ]);
    expect(fs.existsSync(path.join(app, 'web/signing.html'))).toBe(true);
    expect(
      fs.readdirSync(path.join(app, 'web/assets')).some((file) => file.endsWith('.js.br')),
    ).toBe(true);
  });

  it('lets every user read its files, and no group or other user change them, once unpacked', () => {
    const listing = spawnSync('tar', ['-tvzf', path.join(root, 'dist', `${name}.tar.gz`)], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(listing.status, listing.stderr).toBe(0);
    // `-rwxr-xr-x 0/0 ... name`: others' r, and the group's and others' w; a link's own mode
    // means nothing.
    const entries = listing.stdout
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('l'));
    expect(entries.filter((line) => line[5] !== '-' || line[8] !== '-')).toEqual([]);
    expect(entries.filter((line) => line[7] !== 'r')).toEqual([]);
    expect(listing.stdout).toMatch(/^-rwxr-xr-x 0\/0 .* tradesign-[^/]+\/tradesign$/m);
  });

  it('holds no tests, dev dependencies, TypeScript, source maps or paths of this machine', () => {
    const files = filesUnder(folder);
    expect(files.filter((file) => /\.[cm]?tsx?$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(
      files.filter(
        (file) =>
          /\.(test|spec|e2e|drill)\.[cm]?[jt]sx?$/.test(file) || file.includes('__tests__/'),
      ),
    ).toEqual([]);
    const buildTools = ['tsx', 'vite', 'typescript', 'esbuild', 'vitest', '@vitejs/plugin-react'];
    const packages = new Set(
      files
        .map((file) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(file)?.[1])
        .filter((found): found is string => found !== undefined),
    );
    expect(packages.size).toBeGreaterThan(5);
    const unwanted = [...Object.keys(devDependencies), ...buildTools].filter((dev) =>
      packages.has(dev),
    );
    expect(unwanted).toEqual([]);
    // Text the app reads never names the folder it was built in (nor maps back to it).
    const text = files.filter((file) => /\.(m?js|cjs|json|html|css|eta|txt|md)$/.test(file));
    const naming = text.filter((file) => fs.readFileSync(path.join(folder, file)).includes(root));
    expect(naming).toEqual([]);
    const bundle = fs.readFileSync(path.join(folder, 'app/tradesign.mjs'), 'utf8');
    expect(bundle).not.toContain('sourceMappingURL');
  });

  describe('run as a server owner would', () => {
    let smtp: SmtpSink;
    let browser: Browser;
    let first: RunningApp | undefined;
    let second: RunningApp | undefined;
    const serverEnv = () => ({ SMTP_URL: smtp.url, CHROMIUM_PATH: '/usr/bin/chromium' });
    const launch = () => ({
      command: path.join(folder, 'tradesign'),
      args: ['start'],
      cwd: workDir,
      env: { PATH: toolsDir, HOME: workDir },
    });

    beforeAll(async () => {
      smtp = await startSmtpSink();
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await first?.stop();
      await second?.stop();
      await smtp?.stop();
    });

    it('signs up, sends, is signed, backs up, and starts again from the restored backup', async () => {
      const dataDir = path.join(workDir, 'data');
      first = await startApp(serverEnv(), { dataDir, launch: launch() });

      const account = {
        company: 'Release Landscaping',
        email: uniqueEmail('release'),
        password: 'secret123',
      };
      const { page: contractor } = await newPage(browser, first.url, PHONE);
      await signUpThroughUi(contractor, account);
      await completeOnboarding(contractor);
      const client = { name: 'Robin Release', email: 'robin.release@example.com' };
      const id = await sendContractByApi(contractor, first.url, client);

      const request = await smtp.waitFor((mail) => mail.to.includes(client.email), 15_000);
      const { page: homeowner } = await newPage(browser, first.url, PHONE);
      await homeowner.goto(signingLinkIn(request.text));
      await drawSignature(homeowner, /Sign below to accept/);
      await homeowner.getByLabel('I agree to use electronic records and signatures').check();
      await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
      await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();
      // The sealed copy is printed by Chromium and certified from the release's own views.
      const copy = await smtp.waitFor(
        (mail) => mail.to.includes(client.email) && mail.subject.startsWith('Signed:'),
        60_000,
      );
      const pdf = copy.attachments.find((file) => file.contentType === 'application/pdf');
      expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');

      // A backup while it runs, then a restore into a second folder.
      const backup = await tradesign(['backup', 'nightly.db'], { DATA_DIR: dataDir });
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain(`Backup written: ${path.join(workDir, 'nightly.db')} (`);
      expect(backup.out).toContain('1 contract, integrity check ok');
      await first.stop();

      const restoredDir = path.join(workDir, 'restored');
      const restore = await tradesign(['restore', 'nightly.db'], { DATA_DIR: restoredDir });
      expect(restore.code, restore.err).toBe(0);
      expect(restore.out).toContain(`Restored 1 contract into ${path.join(restoredDir, 'app.db')}`);
      const dryRun = await tradesign(['migrate', '--dry-run'], { DATA_DIR: restoredDir });
      expect(dryRun.out).toContain('Up to date');
      const doctor = await tradesign(['doctor'], { DATA_DIR: restoredDir, ...serverEnv() });
      expect(doctor.code, doctor.out + doctor.err).toBe(0);
      expect(doctor.out).toContain('prints PDFs');

      second = await startApp(serverEnv(), { dataDir: restoredDir, launch: launch() });
      const { page } = await newPage(browser, second.url, PHONE);
      await page.goto('/login');
      await logInThroughUi(page, account.email, account.password);
      await page
        .getByRole('link', {
          name: new RegExp(`Contract #${id}, Completed, for ${client.name}: open`),
        })
        .waitFor();
    });
  });
});
