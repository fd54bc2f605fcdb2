import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from './kysely.js';
import { migrateToLatest, migrations } from './migrate.js';
import { MigrationFailedError, migrateSafely, planMigrations } from './safe-migrate.js';

const names = Object.keys(migrations);
const allButLast = Object.fromEntries(Object.entries(migrations).slice(0, -1));
const lastName = names[names.length - 1] ?? '';
const at = new Date('2026-11-25T23:45:00.000Z');

/** A migration a newer version might ship, which fails halfway: its first table is already made. */
const halfDone: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE half_made (id integer)`.execute(db);
    await sql`INSERT INTO users (email, password_hash, created_at) VALUES ('ghost@example.com', 'x', 'now')`.execute(
      db,
    );
    await sql`ALTER TABLE no_such_table ADD COLUMN oops text`.execute(db);
  },
};

/** Every table's rows, hashed: "as it was" means byte for byte the same data and schema. */
function fingerprint(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .all() as { name: string; sql: string }[];
    const hash = createHash('sha256');
    for (const table of tables) {
      hash.update(table.sql);
      hash.update(JSON.stringify(db.prepare(`SELECT * FROM "${table.name}"`).raw().all()));
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

describe('migrateSafely (issue 21: upgrades are safe)', () => {
  let dir: string;
  let file: string;
  const log: string[] = [];

  /** A database from the version before: every migration but the last, with an account in it. */
  async function previousVersionDatabase() {
    const { db } = createDb(file);
    await migrateToLatest(db, allButLast);
    // Accounts belong to a company since 202612020100_companies.
    await sql`INSERT INTO companies (created_at) VALUES ('then')`.execute(db);
    await sql`INSERT INTO users (email, password_hash, created_at, company_id)
      VALUES ('owner@example.com', 'x', 'then', (SELECT max(id) FROM companies))`.execute(db);
    await db.destroy();
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-safe-migrate-'));
    file = path.join(dir, 'app.db');
    log.length = 0;
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up an existing database, named with the version, before migrating it', async () => {
    await previousVersionDatabase();
    const before = fingerprint(file);
    const { db } = createDb(file);
    const result = await migrateSafely(
      { db, engine: 'sqlite', target: file },
      { version: '0.2.0', clock: () => at, log: (line) => log.push(line) },
    );
    await db.destroy();

    const backup = path.join(dir, 'app-before-0.2.0-20261125-234500.db');
    expect(result).toEqual({ applied: [lastName], backup });
    expect(fingerprint(backup)).toBe(before);
    expect(log).toEqual([
      `Backing up the database before 1 migration(s) to ${backup}`,
      `Database brought up to date: ${lastName}`,
    ]);
  });

  it('takes no backup when nothing is pending, nor for a new database', async () => {
    const { db } = createDb(file);
    const first = await migrateSafely(
      { db, engine: 'sqlite', target: file },
      { version: '0.2.0', clock: () => at, log: (line) => log.push(line) },
    );
    expect(first.backup).toBeNull();
    expect(first.applied).toEqual(names);
    const again = await migrateSafely(
      { db, engine: 'sqlite', target: file },
      { version: '0.2.0', clock: () => at, log: (line) => log.push(line) },
    );
    await db.destroy();
    expect(again).toEqual({ applied: [], backup: null });
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('app-before'))).toEqual([]);
  });

  it('leaves the database as it was when a migration fails, and says where the backup is', async () => {
    await previousVersionDatabase();
    const before = fingerprint(file);
    const { db } = createDb(file);
    const failing = migrateSafely(
      { db, engine: 'sqlite', target: file },
      {
        version: '0.3.0',
        clock: () => at,
        log: (line) => log.push(line),
        migrations: { ...migrations, '299901010000_half_done': halfDone },
      },
    );
    const backup = path.join(dir, 'app-before-0.3.0-20261125-234500.db');
    await expect(failing).rejects.toThrow(MigrationFailedError);
    await expect(failing).rejects.toThrow(
      `The database was put back as it was before, from the backup at ${backup}`,
    );
    await expect(failing).rejects.toThrow('(299901010000_half_done)');

    // The last real migration ran before the broken one, and the broken one made a table and a
    // row: all of it is gone, and the account is there.
    expect(fingerprint(file)).toBe(before);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(fs.existsSync(backup)).toBe(true);
    const { db: reopened } = createDb(file);
    expect(await planMigrations(reopened)).toEqual({
      pending: [lastName],
      applied: names.length - 1,
      unknown: [],
    });
    await reopened.destroy();
  });

  it('never deletes or changes a database it did not make (tables, but no migrations)', async () => {
    const other = new SQLite(file);
    other.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')");
    other.close();
    const before = fingerprint(file);
    const { db } = createDb(file);
    await expect(
      migrateSafely(
        { db, engine: 'sqlite', target: file },
        {
          version: '0.3.0',
          clock: () => at,
          log: (line) => log.push(line),
          migrations: { '299901010000_half_done': halfDone },
        },
      ),
      // Its backup is refused first (it is not TradeSign's: no contracts), so nothing runs.
    ).rejects.toThrow('no such table: contracts');
    expect(fingerprint(file)).toBe(before);
  });

  it('removes a new, empty database whose first migration fails, so the next start begins clean', async () => {
    const { db } = createDb(file);
    await expect(
      migrateSafely(
        { db, engine: 'sqlite', target: file },
        { log: (line) => log.push(line), migrations: { '299901010000_half_done': halfDone } },
      ),
    ).rejects.toThrow(`The new database at ${file} was removed; nothing else was there.`);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a database a newer version has migrated, changing nothing', async () => {
    const { db } = createDb(file);
    await migrateToLatest(db, {
      ...migrations,
      '299901010000_from_the_future': { up: async () => {} },
    });
    await db.destroy();
    const before = fingerprint(file);
    const { db: again } = createDb(file);
    await expect(
      migrateSafely(
        { db: again, engine: 'sqlite', target: file },
        { version: '0.1.0', log: (line) => log.push(line) },
      ),
    ).rejects.toThrow(
      'This database was brought up to date by a newer TradeSign (it has had 299901010000_from_the_future, which version 0.1.0 does not know)',
    );
    expect(fingerprint(file)).toBe(before);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('app-before'))).toEqual([]);
  });
});
