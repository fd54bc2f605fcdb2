import { SIGNED_UP_OWNER } from '../test/people.js';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../domain/security-events.js';
import { OWNER_EXISTS } from '../features/auth/sign-up.service.js';
import { createTestApp, get, jsonPost, type TestApp } from '../test/test-app.js';

/**
 * `tradesign create-owner` (issue 34): the operator makes the first account at the server, on
 * either engine, answering on standard input as a script would (at a terminal the password is
 * not echoed: src/cli/prompt.ts). Verified by how it came; refused once any account exists.
 * It sits outside src/cli/commands so the PostgreSQL leg runs it too, through DATABASE_URL.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
let t: TestApp;

beforeAll(async () => {
  // As a server owner runs it: nobody may sign up on the web.
  t = await createTestApp({ SIGNUP_MODE: 'closed' });
});
afterAll(() => t.close());

function createOwner(answers: string[], ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/entry.ts', 'create-owner', ...args],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: t.dir,
        ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
      },
      input: answers.map((answer) => `${answer}\n`).join(''),
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const usersCount = async () =>
  Number((await t.sql.get<{ n: number }>('SELECT count(*) AS n FROM users'))?.n);

/** Each test runs the CLI up to five times, each run starting Node and tsx (run 38: 23 s). */
describe('tradesign create-owner', { timeout: 90_000 }, () => {
  it('checks the answers by the sign-up rules, and creates nothing when one is wrong', async () => {
    const badEmail = createOwner(['Acme Roofing', 'not an email', 'secret123', 'secret123']);
    expect(badEmail.code).toBe(1);
    expect(badEmail.err.trim()).toBe('Email: Invalid email address');

    const short = createOwner(['Acme Roofing', 'owner@example.com', 'abc', 'abc']);
    expect(short.code).toBe(1);
    expect(short.err.trim()).toBe('Password (at least 6 characters): At least 6 characters');

    const differ = createOwner(['Acme Roofing', 'owner@example.com', 'secret123', 'secret124']);
    expect(differ.code).toBe(1);
    expect(differ.err.trim()).toBe('The two passwords differ.');

    const cut = createOwner(['Acme Roofing']);
    expect(cut.code).toBe(1);
    expect(cut.err.trim()).toBe('The answers ended before every question was answered.');

    expect(createOwner([], '--language', 'fr').err.trim()).toBe(
      '--language must be en or es, not "fr"',
    );
    expect(await usersCount()).toBe(0);
  });

  it('makes the owner, verified, with its company and templates, who signs in with it', async () => {
    const made = createOwner(['Acme Roofing', 'Owner@Example.com', 'secret123', 'secret123']);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toContain('Company name: \nEmail: \nPassword (at least 6 characters): \n');
    expect(made.out).toContain(
      'Created the owner account owner@example.com. Sign in at http://localhost:3000/login.',
    );
    expect(made.out).not.toContain('secret123');

    const owner = await t.sql.get<{ id: number; email_verified_at: string | null }>(
      'SELECT id, email_verified_at FROM users WHERE email = ?',
      'owner@example.com',
    );
    expect(owner?.email_verified_at).toEqual(expect.any(String));
    expect(
      await t.sql.all("SELECT value FROM instance_settings WHERE name = 'first_account'"),
    ).toEqual([{ value: String(owner?.id) }]);
    const templates = await t.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM templates WHERE created_by_user_id = ?',
      owner?.id,
    );
    expect(Number(templates?.n)).toBeGreaterThan(0);

    const login = await jsonPost(t.app, '/api/auth/login', {
      email: 'owner@example.com',
      password: 'secret123',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email: 'owner@example.com',
        email_verified: true,
        two_factor_enabled: false,
        recovery_codes_left: 0,
      },
    });
    const cookie = login.headers['set-cookie']?.toString().split(';')[0] ?? '';
    const prefs = await get(t.app, '/api/prefs', { cookie });
    expect(prefs.json()).toMatchObject({ company_name: 'Acme Roofing' });
    const log = (await get(t.app, '/api/auth/security-log', { cookie })).json<SecurityLogPage>();
    expect(log.events.at(-1)).toMatchObject({
      type: 'account_created',
      ip: null,
      details: { by: 'tradesign create-owner' },
    });
  });

  it('refuses once an account exists, before asking anything', async () => {
    const again = createOwner(['Other Co', 'other@example.com', 'secret123', 'secret123']);
    expect(again.code).toBe(1);
    expect(again.err.trim()).toBe(OWNER_EXISTS);
    expect(again.out).not.toContain('Company name');
    expect(await usersCount()).toBe(1);
  });
});
