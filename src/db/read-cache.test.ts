import { insertPerson } from '../test/people.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clusterOfItsOwn, createTestDatabase, type TestDatabase } from '../test/test-database.js';
import type { DB } from './kysely.js';
import { migrateToLatest } from './migrate.js';
import { createReadCache, databaseVersion } from './read-cache.js';

let dir: string;
let database: TestDatabase;
let db: DB;

// On PostgreSQL the cache's version is the cluster's snapshot: another test's write to another
// database on a shared cluster would turn these hits into misses.
clusterOfItsOwn();

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'read-cache-'));
  database = await createTestDatabase(dir);
  db = database.db;
  await migrateToLatest(db);
  await addUser(db, 'first@example.com');
});
afterEach(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function addUser(target: DB, email: string) {
  await insertPerson(target, { email });
}

/** A read that counts how often it really ran. */
function countingEmailRead(target: DB) {
  const counter = { runs: 0 };
  const read = async () => {
    counter.runs += 1;
    const rows = await target.selectFrom('users').select('email').orderBy('id').execute();
    return rows.map((row) => row.email);
  };
  return { counter, read };
}

const newCache = (maxWeight = 1_000) =>
  createReadCache<string[]>({ maxWeight, weigh: (emails) => emails.length + 1 });

describe('createReadCache', () => {
  it('answers a repeated read of an unchanged database without running it again', async () => {
    const cached = newCache();
    const { counter, read } = countingEmailRead(db);
    expect(await cached(db, 'emails', read)).toEqual(['first@example.com']);
    expect(await cached(db, 'emails', read)).toEqual(['first@example.com']);
    expect(counter.runs).toBe(1);
  });

  it('reads again after any write through Kysely', async () => {
    const cached = newCache();
    const { counter, read } = countingEmailRead(db);
    await cached(db, 'emails', read);
    await addUser(db, 'second@example.com');
    expect(await cached(db, 'emails', read)).toEqual(['first@example.com', 'second@example.com']);
    expect(counter.runs).toBe(2);
  });

  it('reads again after a write in raw SQL, outside the query builder', async () => {
    const cached = newCache();
    const { read } = countingEmailRead(db);
    await cached(db, 'emails', read);
    await database.sql.run("UPDATE users SET email = 'renamed@example.com'");
    expect(await cached(db, 'emails', read)).toEqual(['renamed@example.com']);
  });

  it('reads again after another process or instance committed to the database', async () => {
    const cached = newCache();
    const { read } = countingEmailRead(db);
    await cached(db, 'emails', read);
    await database
      .connectAgain()
      .updateTable('users')
      .set({ email: 'elsewhere@example.com' })
      .execute();
    expect(await cached(db, 'emails', read)).toEqual(['elsewhere@example.com']);
  });

  it('serves an unchanged database from the cache while other instances only read', async () => {
    const cached = newCache();
    const { counter, read } = countingEmailRead(db);
    await cached(db, 'emails', read);
    const other = database.connectAgain();
    await other.selectFrom('users').selectAll().execute();
    await cached(db, 'emails', read);
    expect(counter.runs).toBe(1);
  });

  it('takes a version read earlier in the request instead of asking again, and misses on a newer one', async () => {
    const cached = newCache();
    const { counter, read } = countingEmailRead(db);
    const atStart = await databaseVersion(db);
    expect(atStart).toBeDefined();
    expect(await cached(db, 'emails', read, atStart)).toEqual(['first@example.com']);
    expect(await cached(db, 'emails', read, atStart)).toEqual(['first@example.com']);
    expect(counter.runs).toBe(1);

    await addUser(db, 'second@example.com');
    const afterWrite = await databaseVersion(db);
    expect(afterWrite).not.toBe(atStart);
    expect(await cached(db, 'emails', read, afterWrite)).toEqual([
      'first@example.com',
      'second@example.com',
    ]);
    expect(counter.runs).toBe(2);
  });

  it('keeps nothing that a write interrupted halfway through the read', async () => {
    const cached = newCache();
    let runs = 0;
    const readWithWriteInside = async () => {
      runs += 1;
      const before = await db.selectFrom('users').select('email').execute();
      if (runs === 1) await addUser(db, 'during@example.com');
      return before.map((row) => row.email);
    };
    expect(await cached(db, 'emails', readWithWriteInside)).toEqual(['first@example.com']);
    expect(await cached(db, 'emails', readWithWriteInside)).toHaveLength(2);
    expect(runs).toBe(2);
  });

  it('never caches inside a transaction, where uncommitted writes are visible', async () => {
    const cached = newCache();
    let inside: { first: string[]; again: string[]; runs: number } | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertPerson(trx, { email: 'rolled@example.com' });
        const { counter, read } = countingEmailRead(trx);
        const first = await cached(trx, 'emails', read);
        const again = await cached(trx, 'emails', read);
        inside = { first, again, runs: counter.runs };
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // The transaction saw its own write, and read it each time rather than from the cache.
    expect(inside).toEqual({
      first: ['first@example.com', 'rolled@example.com'],
      again: ['first@example.com', 'rolled@example.com'],
      runs: 2,
    });
    const { counter, read } = countingEmailRead(db);
    expect(await cached(db, 'emails', read)).toEqual(['first@example.com']);
    expect(counter.runs).toBe(1);
  });

  it('keeps the entries of two databases apart under the same key', async () => {
    const cached = newCache();
    const otherDir = mkdtempSync(path.join(tmpdir(), 'read-cache-'));
    const other = await createTestDatabase(otherDir);
    try {
      await migrateToLatest(other.db);
      await addUser(other.db, 'other@example.com');
      expect(await cached(db, 'emails', countingEmailRead(db).read)).toEqual(['first@example.com']);
      expect(await cached(other.db, 'emails', countingEmailRead(other.db).read)).toEqual([
        'other@example.com',
      ]);
    } finally {
      await other.drop();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('drops the least recently used entries beyond its weight bound', async () => {
    // Each entry weighs 2 (one email + 1): three fit in 6.
    const cached = newCache(6);
    const reads = ['a', 'b', 'c', 'd'].map((key) => ({ key, ...countingEmailRead(db) }));
    for (const { key, read } of reads) await cached(db, key, read);
    await cached(db, 'b', reads[1]!.read); // b is now the most recent; a was dropped for d
    await cached(db, 'a', reads[0]!.read);
    await cached(db, 'b', reads[1]!.read);
    expect(reads.map(({ counter }) => counter.runs)).toEqual([2, 1, 1, 1]);
  });
});
