import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect, type Generated, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inGroupCommit } from './group-commit.js';
import { openSqlite, type DB } from './kysely.js';
import type { Database } from './schema.js';

// inGroupCommit is typed for the app's schema; these tests use two small tables of their own.
interface TestSchema {
  towns: { id: Generated<number>; name: string };
  people: { id: Generated<number>; name: string; town_id: number };
}
let dir: string;
let db: Kysely<TestSchema>;
/** A second connection to the same file, as another process would see it. */
let observer: SQLite.Database;
const asAppDb = () => db as unknown as DB;
const unitOf = (trx: Transaction<Database>) => trx as unknown as Transaction<TestSchema>;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tradesign-group-commit-'));
  const file = path.join(dir, 'group.db');
  const sqlite = openSqlite(file);
  sqlite.exec(`CREATE TABLE towns (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
      town_id INTEGER NOT NULL REFERENCES towns (id));
    INSERT INTO towns (id, name) VALUES (1, 'Bend');`);
  db = new Kysely<TestSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  observer = new SQLite(file, { readonly: true });
});
afterEach(async () => {
  observer.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const committedNames = () =>
  (observer.prepare('SELECT name FROM people ORDER BY id').all() as { name: string }[]).map(
    (row) => row.name,
  );
/** Moves each time another connection commits to the file (SQLite's data_version). */
const commitsSeen = () => observer.pragma('data_version', { simple: true }) as number;

function addPerson(name: string) {
  return inGroupCommit(asAppDb(), async (trx) => {
    await unitOf(trx).insertInto('people').values({ name, town_id: 1 }).execute();
    return name;
  });
}

describe('inGroupCommit on SQLite', () => {
  it('commits the units of one moment once, each already committed when its caller hears back', async () => {
    const before = commitsSeen();
    const heard: string[][] = [];
    const units = ['Ann', 'Bo', 'Cy'].map((name) =>
      addPerson(name).then(() => heard.push(committedNames())),
    );
    await Promise.all(units);

    expect(committedNames()).toEqual(['Ann', 'Bo', 'Cy']);
    expect(heard).toEqual([
      ['Ann', 'Bo', 'Cy'],
      ['Ann', 'Bo', 'Cy'],
      ['Ann', 'Bo', 'Cy'],
    ]);
    expect(commitsSeen() - before).toBe(1);

    // A later moment is a group, and a commit, of its own.
    await addPerson('Di');
    expect(commitsSeen() - before).toBe(2);
  });

  it('undoes only the unit that failed, and tells only its caller', async () => {
    const failing = inGroupCommit(asAppDb(), async (trx) => {
      await unitOf(trx).insertInto('people').values({ name: 'Eve', town_id: 1 }).execute();
      // The second write breaks the unique name: the first must go with it.
      await unitOf(trx).insertInto('people').values({ name: 'Eve', town_id: 1 }).execute();
    });
    const results = await Promise.allSettled([addPerson('Ann'), failing, addPerson('Bo')]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committedNames()).toEqual(['Ann', 'Bo']);
  });

  it('gives a unit its own result, and one refusal it returns still commits its writes', async () => {
    const refusal = new Error('refused, but counted');
    const answer = await inGroupCommit(asAppDb(), async (trx) => {
      await unitOf(trx).insertInto('people').values({ name: 'Counted', town_id: 1 }).execute();
      return refusal;
    });
    expect(answer).toBe(refusal);
    expect(committedNames()).toEqual(['Counted']);
  });

  it('tells every unit of a group whose commit fails, and the next group starts clean', async () => {
    // A deferred foreign key is checked at COMMIT: the group's commit fails, not the unit.
    const nowhere = inGroupCommit(asAppDb(), async (trx) => {
      await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
      await unitOf(trx).insertInto('people').values({ name: 'Nowhere', town_id: 99 }).execute();
    });
    const results = await Promise.allSettled([addPerson('Ann'), nowhere]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedNames()).toEqual([]);

    await addPerson('Bo');
    expect(committedNames()).toEqual(['Bo']);
  });

  it('when the database gives up the whole transaction under one unit, commits none of the group', async () => {
    // A full disk: SQLite abandons the whole transaction, not only the statement.
    const pages = observer.pragma('page_count', { simple: true }) as number;
    await sql.raw(`PRAGMA max_page_count = ${pages + 3}`).execute(db);
    const tooBig = inGroupCommit(asAppDb(), async (trx) => {
      const big = 'x'.repeat(200_000);
      await unitOf(trx).insertInto('people').values({ name: big, town_id: 1 }).execute();
    });
    const results = await Promise.allSettled([addPerson('Ann'), tooBig, addPerson('Bo')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/full/);
    expect(committedNames()).toEqual([]);

    // With room again, the next group commits as usual.
    await sql.raw('PRAGMA max_page_count = 1073741823').execute(db);
    await addPerson('Cy');
    expect(committedNames()).toEqual(['Cy']);
  });

  it('lets other queries wait for the group, and run after its commit', async () => {
    const unit = addPerson('Ann');
    const read = db.selectFrom('people').select('name').execute();
    const [, names] = await Promise.all([unit, read]);
    expect(names).toEqual([{ name: 'Ann' }]);
  });
});
