import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createTestPki } from './test/test-pki.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error(`expected ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.isHttps).toBe(false);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.OLLAMA_TIMEOUT_MS).toBe(20_000);
    expect(config.SIGNING_LINK_DAYS).toBe(30);
  });

  it('gives slow and idle clients deadlines by default, and caps connections', () => {
    const config = loadConfig({});
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.HTTP_REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(config.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    expect(config.HTTP_MAX_CONNECTIONS).toBe(500);
    expect(config.SHUTDOWN_DRAIN_MS).toBe(1_000);
  });

  it('refuses a header deadline longer than the whole request’s, and a zero deadline', () => {
    expect(
      configProblems({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' }),
    ).toEqual([
      'Invalid HTTP_HEADERS_TIMEOUT_MS=30000: must not be longer than HTTP_REQUEST_TIMEOUT_MS (20000)',
    ]);
    expect(configProblems({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toHaveLength(1);
    expect(configProblems({ HTTP_MAX_CONNECTIONS: '0' })).toHaveLength(1);
  });

  it('derives the default PUBLIC_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('reads explicit values', () => {
    const config = loadConfig({
      PORT: '4100',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://contracts.example.com/',
      DATA_DIR: '/var/lib/tradesign',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      OLLAMA_TIMEOUT_MS: '5000',
      SIGNING_LINK_DAYS: '14',
    });
    expect(config).toMatchObject({
      PORT: 4100,
      HOST: '127.0.0.1',
      // The trailing slash is dropped so links and the Origin check compare cleanly.
      PUBLIC_URL: 'https://contracts.example.com',
      isHttps: true,
      DATA_DIR: '/var/lib/tradesign',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      OLLAMA_TIMEOUT_MS: 5000,
      SIGNING_LINK_DAYS: 14,
    });
  });

  it('treats an upper-case HTTPS scheme as https (URL schemes are case-insensitive)', () => {
    const config = loadConfig({ PUBLIC_URL: 'HTTPS://Contracts.Example.com' });
    // Otherwise an https site would get a non-Secure session cookie and no HSTS.
    expect(config.isHttps).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'notaurl'],
    ['PUBLIC_URL', 'ftp://files.example.com'],
    ['SMTP_URL', 'http://x'],
    ['OLLAMA_TIMEOUT_MS', '-5'],
    ['SIGNING_LINK_DAYS', '0'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    const problems = configProblems({ [name]: value });
    expect(problems).toHaveLength(1);
    const [line = ''] = problems;
    expect(line).not.toContain('\n');
    expect(line).toContain(name);
    expect(line).toContain(value);
  });

  it('prints as many signed copies at once as PDF_CONCURRENCY says, or as the machine allows', () => {
    // Unset, the renderer decides from the cores and memory (print-pages.ts).
    expect(loadConfig({}).PDF_CONCURRENCY).toBeUndefined();
    expect(loadConfig({ PDF_CONCURRENCY: '2' }).PDF_CONCURRENCY).toBe(2);
    expect(configProblems({ PDF_CONCURRENCY: '0' })).toEqual([
      expect.stringContaining('PDF_CONCURRENCY') as unknown,
    ]);
  });

  it('reports every bad variable, one line each', () => {
    const problems = configProblems({ PORT: 'abc', SIGNING_LINK_DAYS: '0', SMTP_URL: 'http://x' });
    expect(problems).toHaveLength(3);
    expect(problems.find((line) => line.includes('PORT'))).toBeDefined();
    expect(problems.find((line) => line.includes('SIGNING_LINK_DAYS'))).toBeDefined();
    expect(problems.find((line) => line.includes('SMTP_URL'))).toBeDefined();
  });

  it('the ConfigError message is the problems joined by newlines', () => {
    try {
      loadConfig({ PORT: 'abc' });
      expect.unreachable('loadConfig should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe((error as ConfigError).problems.join('\n'));
    }
  });

  it('takes a PostgreSQL URL, and never repeats a password or the mail key in an error', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/tradesign',
      DATABASE_POOL_SIZE: '4',
    });
    expect(config.DATABASE_URL).toBe('postgres://app:s3cret@db.internal:5432/tradesign');
    expect(config.DATABASE_POOL_SIZE).toBe(4);
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();

    const [url] = configProblems({ DATABASE_URL: 'mysql://app:s3cret@db.internal/tradesign' });
    expect(url).toBe(
      'Invalid DATABASE_URL="mysql://app:***@db.internal/tradesign": must be a URL like postgres://user:password@host:5432/database',
    );
    // A password with an unencoded @ is still hidden whole.
    const [odd] = configProblems({ DATABASE_URL: 'postgres://app:p@ss@/tradesign' });
    expect(odd).not.toContain('ss@');
    const [key] = configProblems({ MAIL_SEAL_KEY: 'c2hvcnQ=' });
    expect(key).toBe(
      'Invalid MAIL_SEAL_KEY="(hidden)": must be 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`',
    );
  });

  it('turns metrics on with a token long enough to guess at, never showing it', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(configProblems({ METRICS_TOKEN: 'hunter2' })).toEqual([
      'Invalid METRICS_TOKEN="(hidden)": must be at least 16 characters, e.g. the output of `openssl rand -hex 32`',
    ]);
  });

  it('believes X-Forwarded-For from loopback by default, and from the proxies listed', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.20' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '192.168.1.20',
    ]);
    const [problem] = configProblems({ TRUSTED_PROXIES: '10.0.0.0/8, caddy.internal' });
    expect(problem).toBe(
      'Invalid TRUSTED_PROXIES="10.0.0.0/8, caddy.internal": each entry must be an IP address or a CIDR range like 10.0.0.0/8, not "caddy.internal"',
    );
  });

  it('keeps webhooks off private addresses unless WEBHOOKS_ALLOW_PRIVATE is true (tests only)', () => {
    expect(loadConfig({}).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'false' }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(configProblems({ WEBHOOKS_ALLOW_PRIVATE: 'sometimes' })).toEqual([
      'Invalid WEBHOOKS_ALLOW_PRIVATE="sometimes": must be true or false',
    ]);
  });

  it('takes sign-ups by invitation unless SIGNUP_MODE says open or closed', () => {
    expect(loadConfig({}).SIGNUP_MODE).toBe('invite');
    expect(loadConfig({ SIGNUP_MODE: 'open' }).SIGNUP_MODE).toBe('open');
    expect(loadConfig({ SIGNUP_MODE: 'closed' }).SIGNUP_MODE).toBe('closed');
    expect(configProblems({ SIGNUP_MODE: 'public' })).toEqual([
      'Invalid SIGNUP_MODE="public": must be invite, open or closed',
    ]);
    expect(loadConfig({}).SIGNUP_EMAILS_VERIFIED).toBe(false);
  });

  it('needs exactly one passphrase for a seal certificate, and never shows it', () => {
    expect(configProblems({ SEAL_P12_PATH: '/etc/tradesign/seal.p12' })).toEqual([
      'SEAL_P12_PATH="/etc/tradesign/seal.p12" needs its passphrase: set SEAL_P12_PASSPHRASE or SEAL_P12_PASSPHRASE_FILE',
    ]);
    expect(
      configProblems({
        SEAL_P12_PATH: '/etc/tradesign/seal.p12',
        SEAL_P12_PASSPHRASE: 'hunter2',
        SEAL_P12_PASSPHRASE_FILE: '/etc/tradesign/seal.pass',
      }),
    ).toEqual(['SEAL_P12_PASSPHRASE and SEAL_P12_PASSPHRASE_FILE are both set: keep one']);
    expect(configProblems({ SEAL_P12_PASSPHRASE: 'hunter2' })).toEqual([
      'SEAL_P12_PASSPHRASE or SEAL_P12_PASSPHRASE_FILE is set without SEAL_P12_PATH: set the path of the .p12 file too, or remove it',
    ]);
    const [tsa] = configProblems({ TSA_URL: 'ftp://user:hunter2@tsa.example' });
    expect(tsa).toBe('Invalid TSA_URL="ftp://user:***@tsa.example": must be an http(s) URL');
    expect(loadConfig({ TSA_URL: 'http://timestamp.digicert.com' }).TSA_TIMEOUT_MS).toBe(10_000);
  });

  it('treats an empty string as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      PUBLIC_URL: '',
      DATA_DIR: '',
      SMTP_URL: '',
      OLLAMA_TIMEOUT_MS: '',
      SIGNING_LINK_DAYS: '',
    });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      OLLAMA_TIMEOUT_MS: 20_000,
      SIGNING_LINK_DAYS: 30,
    });
    expect(config.SMTP_URL).toBeUndefined();
  });
});

/**
 * Starts the server entry with only `env` (no configuration leaks in from the test runner's
 * environment) on a fresh DATA_DIR, and returns how it ended and whether it left files there.
 */
function startServerWith(env: Record<string, string>, timeoutMs: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-config-'));
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'start'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        ...env,
      },
      encoding: 'utf8',
      timeout: timeoutMs,
    });
    const stderrLines = result.stderr.split('\n').filter((line) => line.trim() !== '');
    return { result, stderrLines, dataDirFiles: fs.readdirSync(dataDir) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Each starts the server process: a deadline for a hang, not a timing (docs/testing.md). Under a
// full run's load on a half-speed machine one took 34 s to print its line (run 45).
const START_DEADLINE_MS = 60_000;

describe('server start with bad configuration', { timeout: 90_000 }, () => {
  it('stops with one line naming DATABASE_URL, the host and the reason, never the password', () => {
    // Nothing listens on port 1: the connection is refused at once.
    const { result, stderrLines, dataDirFiles } = startServerWith(
      { DATABASE_URL: 'postgres://tradesign:hunter2-secret@127.0.0.1:1/tradesign' },
      START_DEADLINE_MS,
    );
    expect(result.status).not.toBe(0);
    expect(stderrLines, result.stderr).toHaveLength(1);
    expect(stderrLines[0]).toMatch(
      /^DATABASE_URL: cannot use PostgreSQL at 127\.0\.0\.1:1\/tradesign: .*ECONNREFUSED/,
    );
    expect(result.stdout + result.stderr).not.toContain('hunter2-secret');
    // It stopped before making anything of its own.
    expect(dataDirFiles).toEqual([]);
  });

  it('exits non-zero with a single stderr line naming PORT', () => {
    const { result, stderrLines, dataDirFiles } = startServerWith(
      { PORT: 'abc' },
      START_DEADLINE_MS,
    );
    expect(result.error).toBeUndefined();
    expect(result.signal).toBeNull();
    // EX_CONFIG: the systemd unit does not restart on it (deploy/tradesign.service).
    expect(result.status).toBe(78);
    expect(stderrLines, result.stderr).toHaveLength(1);
    expect(stderrLines[0]).toContain('PORT');
    expect(stderrLines[0]).toContain('abc');
    // It stopped before touching the database.
    expect(dataDirFiles).toEqual([]);
  });

  it('stops with one line when the seal certificate cannot seal, never showing its passphrase', async () => {
    const pki = await createTestPki();
    try {
      const signer = await pki.signer('good');
      const { result, stderrLines, dataDirFiles } = startServerWith(
        { SEAL_P12_PATH: signer.p12Path, SEAL_P12_PASSPHRASE: 'hunter2-not-it' },
        START_DEADLINE_MS,
      );
      expect(result.status).toBe(78);
      expect(stderrLines).toEqual([
        `the passphrase does not open SEAL_P12_PATH=${signer.p12Path}: wrong passphrase`,
      ]);
      expect(result.stdout + result.stderr).not.toContain('hunter2-not-it');
      expect(dataDirFiles).toEqual([]);

      const expired = await pki.signer('expired');
      const refused = startServerWith(
        { SEAL_P12_PATH: expired.p12Path, SEAL_P12_PASSPHRASE: expired.passphrase },
        START_DEADLINE_MS,
      );
      expect(refused.result.status).toBe(78);
      expect(refused.stderrLines).toEqual([
        expect.stringMatching(/^the certificate "Acme Roofing LLC" expired on \d{4}-\d{2}-\d{2}$/),
      ]);
    } finally {
      await pki.remove();
    }
  });
});
