import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DB } from './kysely.js';
import { migrateToLatest, migrations } from './migrate.js';
import type SQLite from 'better-sqlite3';

const appTables = ['companies', 'preferences', 'rate_limits', 'sessions', 'team_invites', 'users'];

describe('migrateToLatest', () => {
  let dir: string;
  let db: DB;
  let sqlite: SQLite.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-migrate-'));
    ({ db, sqlite } = createDb(path.join(dir, 'nested', 'app.db')));
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function newCompany() {
    const company = await db
      .insertInto('companies')
      .values({ created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return company.id;
  }

  function tableNames(): string[] {
    return sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
  }

  it('creates the tables on a fresh file (creating its folder)', async () => {
    expect(tableNames()).toEqual([]);
    const applied = await migrateToLatest(db);
    expect(applied.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dir, 'nested', 'app.db'))).toBe(true);
    const tables = tableNames();
    for (const table of appTables) expect(tables).toContain(table);
  });

  it('is a no-op the second time and keeps the data', async () => {
    await migrateToLatest(db);
    await db
      .insertInto('users')
      .values({
        email: 'a@example.com',
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
        company_id: await newCompany(),
      })
      .execute();
    const tablesBefore = tableNames();

    expect(await migrateToLatest(db)).toEqual([]);
    expect(tableNames()).toEqual(tablesBefore);
    const users = await db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'a@example.com' }]);
  });

  it('opens the file in WAL mode with foreign keys on', () => {
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('enforces foreign keys, refuses a person without a company, cascades a user delete to sessions', async () => {
    await migrateToLatest(db);
    await expect(
      db
        .insertInto('sessions')
        .values({
          id: 'orphan',
          user_id: 999,
          secret_hash: new Uint8Array(32),
          created_at_ms: 1,
          last_used_at_ms: 1,
        })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);

    expect(() =>
      sqlite
        .prepare(
          `INSERT INTO users (email, password_hash, created_at) VALUES ('c@example.com', 'x', '2026')`,
        )
        .run(),
    ).toThrow(/users.company_id is required/);

    const companyId = await newCompany();
    const { id } = await db
      .insertInto('users')
      .values({
        email: 'b@example.com',
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
        company_id: companyId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({
        id: 's1',
        user_id: id,
        secret_hash: new Uint8Array(32),
        created_at_ms: 1,
        last_used_at_ms: 1,
      })
      .execute();
    await db
      .insertInto('preferences')
      .values({
        company_id: companyId,
        company_name: 'B Co',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await db.deleteFrom('users').where('id', '=', id).execute();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    // The preferences are the company's: they outlive any one person.
    expect(await db.selectFrom('preferences').select('company_name').execute()).toEqual([
      { company_name: 'B Co' },
    ]);
  });

  it('keeps emails unique regardless of case', async () => {
    await migrateToLatest(db);
    await db
      .insertInto('users')
      .values({
        email: 'Case@Example.com',
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
        company_id: await newCompany(),
      })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({
          email: 'case@example.COM',
          password_hash: 'y',
          created_at: '2026-01-01T00:00:00.000Z',
          company_id: await newCompany(),
        })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('lists every migration file of db/migrations, in order', () => {
    const files = fs
      .readdirSync(path.resolve(import.meta.dirname, '../../db/migrations'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });
});
