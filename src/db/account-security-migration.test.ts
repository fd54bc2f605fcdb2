import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest, migrationProvider } from './migrate.js';

/**
 * 202612010100_account_security on either engine: an install in use keeps its accounts and
 * sessions, its accounts count as verified, and its first account is known; a fresh install
 * leaves the first account to its first sign-up; the security log cannot be edited.
 */
const BEFORE = '202611300100_client_mail_limits';
const ACCOUNT_SECURITY = '202612010100_account_security';

let dir: string;
let database: TestDatabase;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-account-security-'));
  database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
  // Later migrations are tested on their own; this one is tested from where it ran.
  const { error } = await migrator().migrateTo(ACCOUNT_SECURITY);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });

async function step(direction: 'up' | 'down') {
  const target = direction === 'up' ? ACCOUNT_SECURITY : BEFORE;
  const { error, results } = await migrator().migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  expect(results).toEqual([
    expect.objectContaining({ migrationName: ACCOUNT_SECURITY, status: 'Success' }),
  ]);
}

const firstAccountMarker = () =>
  database.sql.get<{ value: string }>(
    "SELECT value FROM instance_settings WHERE name = 'first_account'",
  );

async function insertUser(id: number, email: string) {
  await database.sql.run(
    `INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'hash', ?)`,
    id,
    email,
    '2026-11-20T08:00:00.000Z',
  );
}

describe('the account security migration', () => {
  it('upgrades an install in use: accounts verified, sessions kept, the first account marked', async () => {
    await step('down');
    await insertUser(7, 'owner@example.com');
    await insertUser(9, 'second@example.com');
    await database.sql.run(
      `INSERT INTO sessions (id, user_id, secret_hash, created_at_ms, last_used_at_ms)
       VALUES ('aaaaaaaaaaaaaaaa', 7, ?, 1795000000000, 1795000000000)`,
      Buffer.alloc(32, 1),
    );
    const before = Date.now();
    await step('up');

    const users = await database.sql.all<{
      id: number;
      email_verified_at: string | null;
      language: string;
      totp_secret: string | null;
    }>('SELECT id, email_verified_at, language, totp_secret FROM users ORDER BY id');
    expect(users.map((user) => [user.id, user.language, user.totp_secret])).toEqual([
      [7, 'en', null],
      [9, 'en', null],
    ]);
    for (const user of users) {
      expect(Date.parse(user.email_verified_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(await database.sql.all('SELECT id, user_id, ip, user_agent FROM sessions')).toEqual([
      { id: 'aaaaaaaaaaaaaaaa', user_id: 7, ip: null, user_agent: null },
    ]);
    expect(await firstAccountMarker()).toEqual({ value: '7' });
  });

  it('leaves a fresh install without a first account, for its first sign-up to claim', async () => {
    expect(await database.sql.value('SELECT count(*) AS n FROM users')).toBe(0);
    expect(await firstAccountMarker()).toBeUndefined();
  });

  it('refuses to change a line of the security log, and deletes it with its account', async () => {
    await insertUser(3, 'logged@example.com');
    await database.sql.run(
      `INSERT INTO security_events (user_id, type, at, ip, user_agent, details)
       VALUES (3, 'sign_in', '2026-12-01T09:00:00.000Z', '203.0.113.9', 'Browser/1.0', NULL)`,
    );
    await expect(
      database.sql.run("UPDATE security_events SET ip = '198.51.100.1'"),
    ).rejects.toThrow(/append-only/);
    expect(await database.sql.all('SELECT ip FROM security_events')).toEqual([
      { ip: '203.0.113.9' },
    ]);
    await database.sql.run('DELETE FROM users WHERE id = 3');
    expect(await database.sql.all('SELECT id FROM security_events')).toEqual([]);
  });

  it('holds tokens to a known purpose and each hash to one row', async () => {
    await insertUser(4, 'tokens@example.com');
    const insert = (purpose: string, hash: Buffer) =>
      database.sql.run(
        `INSERT INTO account_tokens (user_id, purpose, token_hash, created_at, expires_at)
         VALUES (4, ?, ?, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z')`,
        purpose,
        hash,
      );
    await insert('password_reset', Buffer.alloc(32, 2));
    await expect(insert('magic_login', Buffer.alloc(32, 3))).rejects.toThrow(/check/i);
    await expect(insert('email_change', Buffer.alloc(32, 2))).rejects.toThrow(/unique/i);
  });

  it('goes back down without losing accounts or sessions', async () => {
    await insertUser(5, 'down@example.com');
    await database.sql.run(
      `INSERT INTO sessions (id, user_id, secret_hash, created_at_ms, last_used_at_ms, ip, user_agent)
       VALUES ('bbbbbbbbbbbbbbbb', 5, ?, 1795000000000, 1795000000000, '203.0.113.9', 'Browser')`,
      Buffer.alloc(32, 4),
    );
    await database.sql.run(
      `INSERT INTO instance_settings (name, value, created_at)
       VALUES ('first_account', '5', '2026-12-01T09:00:00.000Z')`,
    );
    await step('down');
    expect(await database.sql.all('SELECT id, email FROM users')).toEqual([
      { id: 5, email: 'down@example.com' },
    ]);
    expect(await database.sql.all('SELECT id FROM sessions')).toEqual([{ id: 'bbbbbbbbbbbbbbbb' }]);
    expect(await firstAccountMarker()).toBeUndefined();
    await expect(database.sql.all('SELECT language FROM users')).rejects.toThrow(/language/);
    await expect(database.sql.all('SELECT id FROM security_events')).rejects.toThrow(
      /security_events/,
    );
  });
});
