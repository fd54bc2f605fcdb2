import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MODEL, startFakeOllama, type FakeOllama } from '../../test/fake-ollama.js';
import { freePort } from '../../test/free-port.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { testPostgres } from '../../test/test-database.js';
import { createTestPki, type TestPki } from '../../test/test-pki.js';
import { startTestTsa } from '../../test/test-tsa.js';
import { runDoctor } from './doctor.js';

/**
 * Real parts throughout (docs/architecture.md): a temp data folder, an SMTP server and a fake
 * Ollama on 127.0.0.1, a port nothing listens on, and Debian's Chromium, launched once.
 */
const user = os.userInfo().username;
let sink: SmtpSink;
let ollama: FakeOllama;
let closedPort: number;
let dataDir: string;

beforeAll(async () => {
  [sink, ollama, closedPort] = await Promise.all([startSmtpSink(), startFakeOllama(), freePort()]);
});

afterAll(async () => {
  await Promise.all([sink.stop(), ollama.close()]);
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tradesign-doctor-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A healthy setup but for Chromium, which only one test launches. */
function setup(changes: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://contracts.example.com',
    SMTP_URL: sink.url,
    OLLAMA_HOST: ollama.url,
    OLLAMA_MODEL: FAKE_MODEL,
    CHROMIUM_PATH: path.join(dataDir, 'no-chromium-here'),
    ...changes,
  };
}

/** 2 s keeps the failing checks quick; a healthy setup gets the product's own 5 s under load. */
async function doctor(env: NodeJS.ProcessEnv, timeoutMs = 2000) {
  const lines: string[] = [];
  const code = await runDoctor({ env, print: (line) => lines.push(line), timeoutMs });
  return { code, lines, text: lines.join('\n') };
}

/** The line starting with `start`, and the `fix:` line under it when there is one. */
function finding(lines: string[], start: string): string[] {
  const index = lines.findIndex((line) => line.startsWith(start));
  if (index < 0)
    throw new Error(`no line starting with ${JSON.stringify(start)} in:\n${lines.join('\n')}`);
  const hasFix = lines[index + 1]?.startsWith('     fix: ') ?? false;
  return lines.slice(index, hasFix ? index + 2 : index + 1);
}

async function writeSealKey(mode: number, text = randomBytes(32).toString('base64') + '\n') {
  const file = path.join(dataDir, 'mail-seal.key');
  await writeFile(file, text);
  await chmod(file, mode);
  return file;
}

it('says everything looks right on a working setup, with a PDF printed by Chromium', async () => {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'));
  sqlite.exec('create table contracts (id integer primary key)');
  sqlite.close();
  // As the app leaves it (issue 33): the test runner's umask may not.
  await chmod(path.join(dataDir, 'app.db'), 0o600);
  await writeSealKey(0o600);

  // Chromium starts beside the SMTP greeting: on two busy cores a 2 s greeting can be missed.
  const { code, lines } = await doctor(setup({ CHROMIUM_PATH: '/usr/bin/chromium' }), 5000);

  expect(lines).toEqual([
    'ok   Configuration is valid',
    'ok   Links in emails point to https://contracts.example.com',
    'ok   Metrics: GET /metrics is off; set METRICS_TOKEN to turn it on (README, "Health and metrics")',
    'ok   Sign-up: SIGNUP_MODE=invite, only the first account signs up on the web (the person installing TradeSign)',
    `ok   Data folder ${dataDir} is writable by user ${user}`,
    'ok   mail-seal.key is readable by its owner only',
    `ok   Data folder ${dataDir} and everything in it can be read by user ${user} only`,
    `ok   The database ${dataDir}/app.db opens and passes SQLite's quick check`,
    expect.stringMatching(
      /^ok {3}Chromium at \/usr\/bin\/chromium prints PDFs: a test page came out at \d+ bytes/,
    ),
    'ok   Seal: signed copies are sealed with the certificate TradeSign made for this server (set SEAL_P12_PATH to seal with your own)',
    `ok   SMTP server at 127.0.0.1:${sink.port} accepts the connection`,
    `ok   Ollama at ${ollama.url} has ${FAKE_MODEL}: scope cleanup uses it`,
    'Everything looks right.',
  ]);
  expect(code).toBe(0);
});

describe('configuration', () => {
  it('fails on a bad value, never shows a secret, and skips the checks that need it', async () => {
    const { code, lines, text } = await doctor(
      setup({
        PORT: 'abc',
        MAIL_SEAL_KEY: 'hunter2-not-a-key',
        SMTP_URL: 'http://mailer:hunter2@mail.example.com',
      }),
    );

    expect(finding(lines, 'FAIL Configuration: Invalid PORT')).toEqual([
      'FAIL Configuration: Invalid PORT="abc": Invalid input: expected number, received NaN',
      "     fix: correct PORT in .env or in the service's environment (.env.example explains each variable), or remove it to use its default",
    ]);
    expect(text).toContain('FAIL Configuration: Invalid MAIL_SEAL_KEY="(hidden)"');
    expect(text).toContain(
      'FAIL Configuration: Invalid SMTP_URL="http://mailer:***@mail.example.com"',
    );
    expect(text).not.toContain('hunter2');
    expect(lines.slice(-2)).toEqual([
      'Skipped the other checks (data folder, database, Chromium, seal certificate, SMTP, Ollama): they need a valid configuration.',
      '3 problem(s) to fix, 0 warning(s).',
    ]);
    expect(code).toBe(1);
  });

  it('warns when PUBLIC_URL is unset, or plain http on another machine', async () => {
    const unset = await doctor(setup({ PUBLIC_URL: undefined, PORT: '8080' }));
    expect(finding(unset.lines, 'warn PUBLIC_URL')).toEqual([
      'warn PUBLIC_URL is not set, so links in emails point to http://localhost:8080, which works on this machine only',
      '     fix: set PUBLIC_URL=https://contracts.example.com (the https address people open) in .env or in the service environment',
    ]);

    const plain = await doctor(setup({ PUBLIC_URL: 'http://contracts.example.com:8080' }));
    expect(finding(plain.lines, 'warn PUBLIC_URL')).toEqual([
      'warn PUBLIC_URL is http://contracts.example.com:8080: signing links, passwords and signatures would cross the network unencrypted',
      '     fix: put an https proxy in front (README, "Running it on a server") and set PUBLIC_URL=https://contracts.example.com:8080',
    ]);

    const local = await doctor(setup({ PUBLIC_URL: 'http://127.0.0.1:3000' }));
    expect(local.lines).toContain('ok   Links in emails point to http://127.0.0.1:3000');
  });

  it('says when metrics are on, never showing the token', async () => {
    const { lines, text } = await doctor(setup({ METRICS_TOKEN: 'hunter2-metrics-token' }));
    expect(lines).toContain(
      'ok   Metrics: GET /metrics answers requests with "Authorization: Bearer $METRICS_TOKEN"',
    );
    expect(text).not.toContain('hunter2');
  });
});

describe('who may sign up', () => {
  it('says which SIGNUP_MODE is on, and warns when open sign-up has no mail to verify with', async () => {
    const closed = await doctor(setup({ SIGNUP_MODE: 'closed' }));
    expect(finding(closed.lines, 'ok   Sign-up')).toEqual([
      'ok   Sign-up: SIGNUP_MODE=closed, nobody signs up on the web; `tradesign create-owner` makes the first account',
    ]);
    const open = await doctor(setup({ SIGNUP_MODE: 'open' }));
    expect(finding(open.lines, 'ok   Sign-up')).toEqual([
      'ok   Sign-up: SIGNUP_MODE=open, anyone may sign up a company; each verifies its email before its first send',
    ]);
    const openWithoutMail = await doctor(setup({ SIGNUP_MODE: 'open', SMTP_URL: undefined }));
    expect(finding(openWithoutMail.lines, 'warn Sign-up')).toEqual([
      'warn Sign-up: SIGNUP_MODE=open, but without SMTP_URL the verification links only reach the mail folder, so new companies can never send',
      '     fix: set SMTP_URL (see the SMTP line), or SIGNUP_MODE=invite to let only the first account in',
    ]);
    const testsOnly = await doctor(setup({ SIGNUP_EMAILS_VERIFIED: 'true' }));
    expect(finding(testsOnly.lines, 'warn SIGNUP_EMAILS_VERIFIED')).toEqual([
      'warn SIGNUP_EMAILS_VERIFIED=true: new accounts send without proving their email (a setting for tests)',
      '     fix: remove SIGNUP_EMAILS_VERIFIED from .env or the service environment',
    ]);
  });

  it("warns of the test suite's own settings: light password hashes, a Stripe stand-in", async () => {
    const { lines } = await doctor(
      setup({ PASSWORD_HASH_LIGHT: 'true', STRIPE_API_BASE: 'http://127.0.0.1:4010' }),
    );
    expect(finding(lines, 'warn PASSWORD_HASH_LIGHT')).toEqual([
      'warn PASSWORD_HASH_LIGHT=true: passwords are hashed at the lightest cost, far cheaper to crack from a copy of the database (a setting for tests)',
      '     fix: remove PASSWORD_HASH_LIGHT; each password is hashed again at full cost at its next sign-in',
    ]);
    expect(finding(lines, 'warn STRIPE_API_BASE')).toEqual([
      'warn STRIPE_API_BASE=http://127.0.0.1:4010: payments go to a stand-in, not to Stripe (a setting for tests)',
      '     fix: remove STRIPE_API_BASE from .env or the service environment',
    ]);
    expect((await doctor(setup({}))).lines.join('\n')).not.toContain('PASSWORD_HASH_LIGHT');
  });
});

describe('data folder', () => {
  it('is fine missing when the first start can create it', async () => {
    const missing = path.join(dataDir, 'not', 'yet');
    const { lines } = await doctor(setup({ DATA_DIR: missing }));
    expect(lines).toContain(
      `ok   Data folder ${missing} does not exist yet; the first start creates it (user ${user} can)`,
    );
    expect(lines).toContain(
      `ok   No database yet at ${missing}/app.db; the first start creates it`,
    );
  });

  // Root writes anywhere, so this runs only as another user (as CI and the service should).
  it.skipIf(process.getuid?.() === 0)('fails on a folder the user cannot write', async () => {
    await chmod(dataDir, 0o555);
    const { lines } = await doctor(setup());
    expect(finding(lines, 'FAIL Data folder')).toEqual([
      `FAIL Data folder ${dataDir} is not writable by user ${user}: permission denied`,
      `     fix: sudo chown -R ${user}: ${dataDir} (or run this check as the user TradeSign runs as)`,
    ]);
  });

  it('fails when DATA_DIR is a file', async () => {
    const file = path.join(dataDir, 'data');
    await writeFile(file, 'not a folder');
    const { lines } = await doctor(setup({ DATA_DIR: file }));
    expect(finding(lines, 'FAIL DATA_DIR')).toEqual([
      `FAIL DATA_DIR ${file} is a file, not a folder`,
      '     fix: move that file away, or set DATA_DIR to a folder (./data by default)',
    ]);
  });

  it('warns about a mail-seal.key that other users can read', async () => {
    const file = await writeSealKey(0o644);
    const { lines } = await doctor(setup());
    expect(finding(lines, 'warn')).toEqual([
      `warn ${file} can be read by other users of this machine (mode 644), and it unlocks queued mail`,
      `     fix: chmod 600 ${file}`,
    ]);
  });

  it('warns about files and folders other users can read, and changes nothing', async () => {
    await mkdir(path.join(dataDir, 'mail'), { mode: 0o755 });
    await writeFile(path.join(dataDir, 'mail', '1.eml'), 'a signing link', { mode: 0o644 });
    await chmod(path.join(dataDir, 'mail'), 0o755);
    await chmod(path.join(dataDir, 'mail', '1.eml'), 0o644);
    const { lines } = await doctor(setup());
    expect(finding(lines, 'warn In')).toEqual([
      `warn In ${dataDir}, other users of this machine can read mail/ (755), mail/1.eml (644): the database holds the PDF sealing key, queued mails hold signing links`,
      `     fix: tradesign start makes them private (or: chmod -R go-rwx ${dataDir})`,
    ]);
    expect((await stat(path.join(dataDir, 'mail', '1.eml'))).mode & 0o777).toBe(0o644);
  });

  it('fails on a mail-seal.key that is not a key', async () => {
    const file = await writeSealKey(0o600, 'hello\n');
    const { lines } = await doctor(setup());
    expect(finding(lines, `FAIL ${file}`)).toEqual([
      `FAIL ${file} is not a TradeSign mail key (32 bytes in base64), so the app will not start`,
      '     fix: restore the mail-seal.key that was backed up with the database (README, "Backup and restore")',
    ]);
  });

  it('fails on an app.db that is not SQLite', async () => {
    await writeFile(path.join(dataDir, 'app.db'), 'x'.repeat(4096));
    const { lines } = await doctor(setup());
    expect(finding(lines, 'FAIL The database')).toEqual([
      `FAIL The database ${dataDir}/app.db is damaged or not SQLite: file is not a database`,
      '     fix: stop TradeSign, keep the file aside and restore the last backup (README, "Backup and restore")',
    ]);
  });
});

describe('PostgreSQL', () => {
  it('fails when nothing answers at DATABASE_URL, never showing the password', async () => {
    const url = `postgres://tradesign:hunter2-pw@127.0.0.1:${closedPort}/tradesign`;
    const { lines, text } = await doctor(setup({ DATABASE_URL: url }));
    expect(finding(lines, 'FAIL Cannot use PostgreSQL')).toEqual([
      `FAIL Cannot use PostgreSQL at 127.0.0.1:${closedPort}/tradesign: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
      `     fix: start PostgreSQL at 127.0.0.1:${closedPort}/tradesign, or correct the host and port in DATABASE_URL; check that no firewall stands between`,
    ]);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('app.db');
  });

  it.runIf(testPostgres())('reaches the throwaway cluster of the PostgreSQL leg', async () => {
    const url = new URL(testPostgres()?.adminUrl ?? '');
    const { lines, text } = await doctor(setup({ DATABASE_URL: url.toString() }));
    expect(lines).toContain(`ok   PostgreSQL at ${url.hostname}:${url.port}/postgres answers`);
    expect(text).not.toContain(decodeURIComponent(url.password));
  });
});

describe('Chromium', () => {
  it('fails when it is missing, saying what that costs', async () => {
    const missing = path.join(dataDir, 'no-chromium-here');
    const { lines } = await doctor(setup({ CHROMIUM_PATH: missing }));
    expect(finding(lines, 'FAIL No Chromium')).toEqual([
      `FAIL No Chromium at ${missing}: contracts are still signed, but the signed copies are sent as HTML instead of sealed PDFs`,
      '     fix: install it: apt-get install chromium, or set CHROMIUM_PATH to where it is',
    ]);
  });

  it('fails when the file is not executable, or is not a browser', async () => {
    const notExecutable = path.join(dataDir, 'chromium-644');
    await writeFile(notExecutable, '#!/bin/sh\nexit 1\n', { mode: 0o644 });
    const first = await doctor(setup({ CHROMIUM_PATH: notExecutable }));
    expect(finding(first.lines, 'FAIL')[1]).toBe(
      `     fix: chmod +x ${notExecutable}, or install it: apt-get install chromium, or set CHROMIUM_PATH to where it is`,
    );

    const notABrowser = path.join(dataDir, 'chromium-exits');
    await writeFile(notABrowser, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const second = await doctor(setup({ CHROMIUM_PATH: notABrowser }));
    const [line, fix] = finding(second.lines, 'FAIL');
    expect(line).toMatch(
      new RegExp(
        `^FAIL Chromium at ${notABrowser} does not start or print: .+; contracts are still signed`,
      ),
    );
    expect(fix).toBe(
      '     fix: reinstall it: apt-get install --reinstall chromium, or set CHROMIUM_PATH to a working Chromium',
    );
  });
});

describe('seal certificate (issue 39)', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await createTestPki();
  }, 60_000);
  afterAll(() => pki.remove());

  it('names the company that seals, and warns 30 days before its certificate expires', async () => {
    const signer = await pki.signer('expires-soon');
    const { lines, code } = await doctor(
      setup({ SEAL_P12_PATH: signer.p12Path, SEAL_P12_PASSPHRASE: signer.passphrase }),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ok {3}Seal: signed copies are sealed by "Acme Roofing LLC", issued by "Test Root CA", valid until \d{4}-\d{2}-\d{2}$/,
        ),
      ]),
    );
    expect(finding(lines, 'warn the certificate')).toEqual([
      expect.stringMatching(
        /^warn the certificate "Acme Roofing LLC" expires on \d{4}-\d{2}-\d{2} \(in 20 days\)$/,
      ),
      '     fix: renew it with your certificate authority now; after that day nothing can be sealed with it',
    ]);
    // The Chromium of setup() is missing: that is the one problem.
    expect(code).toBe(1);
  });

  it('asks the timestamp authority for a stamp, and warns when it does not answer', async () => {
    const tsa = await startTestTsa(pki);
    try {
      const host = new URL(tsa.url).host;
      const answered = await doctor(setup({ TSA_URL: tsa.url }));
      expect(answered.lines).toContain(
        `ok   Timestamp authority at ${host} dates seals: CN=Test TSA, O=Test Trust`,
      );
      tsa.setMode('http500');
      const refused = await doctor(setup({ TSA_URL: tsa.url }));
      expect(finding(refused.lines, 'warn timestamp authority')).toEqual([
        `warn timestamp authority ${host} answered HTTP 500: each copy waits for it (30 s, then 2 min), then is sealed without a trusted timestamp`,
        '     fix: check TSA_URL (README, "Your own seal certificate and a trusted timestamp"), or raise TSA_TIMEOUT_MS if the authority is slow',
      ]);
    } finally {
      await tsa.close();
    }
  });

  it('fails on a wrong passphrase or a missing file, never showing the passphrase', async () => {
    const signer = await pki.signer('good');
    const wrong = await doctor(
      setup({ SEAL_P12_PATH: signer.p12Path, SEAL_P12_PASSPHRASE: 'hunter2-wrong' }),
    );
    expect(finding(wrong.lines, 'FAIL the passphrase')[0]).toBe(
      `FAIL the passphrase does not open SEAL_P12_PATH=${signer.p12Path}: wrong passphrase`,
    );
    expect(wrong.text).not.toContain('hunter2-wrong');
    const missing = path.join(dataDir, 'no-seal.p12');
    const gone = await doctor(setup({ SEAL_P12_PATH: missing, SEAL_P12_PASSPHRASE: 'x' }));
    expect(finding(gone.lines, `FAIL SEAL_P12_PATH`)[0]).toBe(
      `FAIL SEAL_P12_PATH=${missing}: no such file`,
    );
  });
});

describe('SMTP', () => {
  it('warns that clients get no email without SMTP_URL', async () => {
    const { lines } = await doctor(setup({ SMTP_URL: undefined }));
    expect(finding(lines, 'warn No SMTP_URL')).toEqual([
      `warn No SMTP_URL: mails are written as .eml files under ${dataDir}/mail, so clients get no email`,
      '     fix: set SMTP_URL=smtp://user:password@mail.example.com:587 (or smtps://...:465) from your mail provider',
    ]);
  });

  it('signs in to a real server', async () => {
    const { lines } = await doctor(
      setup({ SMTP_URL: `smtp://mailer:secret@127.0.0.1:${sink.port}` }),
    );
    expect(lines).toContain(
      `ok   SMTP server at 127.0.0.1:${sink.port} accepts the connection and the sign-in`,
    );
  });

  it('fails when nothing listens, never showing the password', async () => {
    const url = `smtp://mailer:hunter2-pw@127.0.0.1:${closedPort}`;
    const { lines, text } = await doctor(setup({ SMTP_URL: url }));
    expect(finding(lines, 'FAIL SMTP')).toEqual([
      `FAIL SMTP server at 127.0.0.1:${closedPort} does not take mail: the connection was refused (nothing listens there)`,
      "     fix: check the host and port in SMTP_URL against your mail provider's settings, and that no firewall here or at the provider blocks that port",
    ]);
    expect(text).not.toContain('hunter2');
  });
});

describe('Ollama', () => {
  it('warns, not fails, when it is unreachable: the built-in rules take over', async () => {
    const host = `http://127.0.0.1:${closedPort}`;
    const { lines } = await doctor(setup({ OLLAMA_HOST: host }));
    expect(finding(lines, 'warn Ollama')).toEqual([
      `warn Ollama is not reachable at ${host}: the connection was refused (nothing listens there); scope cleanup uses the built-in rules instead of the model`,
      '     fix: install and start Ollama (README, "The AI scope cleanup (Ollama)"), or set OLLAMA_HOST to where it runs; the app works without it',
    ]);
    // Chromium is the one problem; the warning is not counted as one.
    expect(lines.at(-1)).toBe('1 problem(s) to fix, 1 warning(s).');
  });

  it('warns when the model is not pulled, naming the ones it has', async () => {
    const { lines } = await doctor(setup({ OLLAMA_MODEL: 'llama3.1:8b' }));
    expect(finding(lines, 'warn Ollama')).toEqual([
      `warn Ollama at ${ollama.url} does not have llama3.1:8b; it has ${FAKE_MODEL}: scope cleanup uses the built-in rules until it does`,
      '     fix: ollama pull llama3.1:8b (on the machine Ollama runs on), or set OLLAMA_MODEL to a model it has',
    ]);
  });
});
