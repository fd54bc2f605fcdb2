import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { freePort } from '../../test/free-port.js';

/**
 * Issue 33: under a plain shell's umask (022) every file the app wrote was readable by every user
 * of the machine. These run the real command line as a shell would start it, umask and all.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let base: string;
let dataDir: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-modes-'));
  dataDir = path.join(base, 'data');
});
afterEach(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Every file and folder under the data folder with its mode, `app.db 600`. */
function modesUnder(dir: string): Record<string, string> {
  const entries = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return Object.fromEntries(entries.map((entry) => [entry, modeOf(path.join(dir, entry))]));
}

/** `tradesign <args>` from a shell whose umask is 022, without Chromium (no PDFs to print). */
function tradesign(args: string[], env: Record<string, string> = {}) {
  const command = `umask 022; exec "${process.execPath}" --import tsx src/cli/entry.ts "$@"`;
  const child = spawn('sh', ['-c', command, 'sh', ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      CHROMIUM_PATH: path.join(base, 'no-chromium'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, exited, output: () => output };
}

async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = tradesign(['start'], { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url });
  for (let tries = 0; !server.output().includes('is ready at'); tries += 1) {
    if (tries > 300 || server.child.exitCode !== null) {
      throw new Error(`server did not start:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };
  return { url, output: server.output, stop };
}

/** A contract sent through the REST API: its signing request is queued for the client. */
async function sendAContract(url: string) {
  const headers = { 'content-type': 'application/json', origin: url };
  const post = async (route: string, body: unknown, cookie = '') => {
    const answer = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${route}: ${answer.status} ${await answer.text()}`);
    return answer;
  };
  const signup = await post('/api/auth/signup', {
    email: 'modes@example.com',
    password: 'secret123',
    company_name: 'Modes Co',
  });
  const cookie = signup.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  await post('/api/acceptances', { type: 'legal_disclaimer', typed_name: 'Casey Green' }, cookie);
  const client = { name: 'Jordan Rivera', email: 'jordan@example.com' };
  const draft = (await (await post('/api/contracts', sendableDraft(client), cookie)).json()) as {
    id: number;
  };
  await post(`/api/contracts/${draft.id}/sign-mine`, { signature: TEST_SIGNATURE_PNG }, cookie);
  await post(`/api/contracts/${draft.id}/send`, { client_data: client }, cookie);
}

/** The earlier mail and the new one: the mail worker writes the drop within a poll or two. */
async function mailDropped(): Promise<string[]> {
  const drop = path.join(dataDir, 'mail');
  for (let tries = 0; tries < 100; tries += 1) {
    const files = fs.readdirSync(drop).filter((file) => file.endsWith('.eml'));
    if (files.length > 1) return files;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no mail was dropped');
}

/** What a version before this one left under umask 022: everyone could read it. */
function olderInstall(): string {
  fs.mkdirSync(path.join(dataDir, 'mail'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'mail', 'earlier.eml'), 'a signing link');
  fs.writeFileSync(path.join(dataDir, 'app-before-0.1.0-20261101-000000.db'), 'a database');
  for (const entry of ['.', 'mail', 'mail/earlier.eml', 'app-before-0.1.0-20261101-000000.db']) {
    const file = path.join(dataDir, entry);
    fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
  }
  return 'app-before-0.1.0-20261101-000000.db (644), mail/ (755), mail/earlier.eml (644)';
}

/** The CLI runs several times a test, each run starting Node and tsx. */
describe(
  'what the app writes is private to its user, whatever the umask (issue 33)',
  {
    timeout: 90_000,
  },
  () => {
    it('after a start, a mail drop and a backup; an older install made private at start', async () => {
      const exposed = olderInstall();
      const server = await startServer();
      expect(server.output()).toContain(
        `Made private to this user, in ${dataDir} (other users could read them): ${dataDir}/ (755), ${exposed}`,
      );
      await sendAContract(server.url);
      const dropped = (await mailDropped()).find((file) => file !== 'earlier.eml');
      const whileRunning = modesUnder(dataDir);
      await server.stop();

      expect(modeOf(dataDir)).toBe('700');
      expect(whileRunning).toEqual({
        'app-before-0.1.0-20261101-000000.db': '600',
        'app.db': '600',
        'app.db-shm': '600',
        'app.db-wal': '600',
        'mail-seal.key': '600',
        mail: '700',
        'mail/earlier.eml': '600',
        [`mail/${dropped}`]: '600',
      });

      // Outside DATA_DIR, in a folder everyone can read, as /var/backups often is.
      const backups = path.join(base, 'backups');
      fs.mkdirSync(backups, { mode: 0o755 });
      const backup = tradesign(['backup', path.join(backups, 'app.db')]);
      expect(await backup.exited, backup.output()).toBe(0);
      expect(modesUnder(backups)).toEqual({ 'app.db': '600', 'app.db.mail-seal.key': '600' });
    }, 60_000);
  },
);
