import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbOrTrx } from './kysely.js';
import { preparedQuery } from './prepared-query.js';

// preparedQuery is typed for the app's schema; these tests use a two-column table of their own.
interface TestSchema {
  people: { id: number; name: string; town: string };
}
let sqlite: SQLite.Database;
let db: Kysely<TestSchema>;
const asAppDb = () => db as unknown as DbOrTrx;

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec(`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT NOT NULL);
    INSERT INTO people (name, town) VALUES ('Ann', 'Bend'), ('Bo', 'Bend'), ('Cy', 'Salem');`);
  db = new Kysely<TestSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
});
afterEach(async () => {
  await db.destroy();
});

const peopleIn = preparedQuery((appDb, params: { town: string; after: number }) =>
  (appDb as unknown as Kysely<TestSchema>)
    .selectFrom('people')
    .select(['name'])
    .where('town', '=', params.town)
    .where('id', '>', params.after)
    .where('name', '!=', 'nobody')
    .orderBy('id'),
);

describe('preparedQuery', () => {
  it('answers each run with that run’s values, next to the constants built in', async () => {
    expect(await peopleIn(asAppDb(), { town: 'Bend', after: 0 })).toEqual([
      { name: 'Ann' },
      { name: 'Bo' },
    ]);
    expect(await peopleIn(asAppDb(), { town: 'Bend', after: 1 })).toEqual([{ name: 'Bo' }]);
    expect(await peopleIn(asAppDb(), { town: 'Salem', after: 0 })).toEqual([{ name: 'Cy' }]);
  });

  it('binds values, so SQL in a value is only text', async () => {
    const attack = "Bend' OR '1'='1";
    expect(await peopleIn(asAppDb(), { town: attack, after: 0 })).toEqual([]);
    const compiled = peopleIn.compiledWith(asAppDb(), { town: attack, after: 0 });
    expect(compiled.sql).not.toContain(attack);
    expect(compiled.parameters).toEqual([attack, 0, 'nobody']);
  });

  it('refuses a parameter that would become SQL text instead of a bound value', async () => {
    const spliced = preparedQuery((appDb, params: { column: string }) =>
      (appDb as unknown as Kysely<TestSchema>)
        .selectFrom('people')
        .select(sql.raw<string>(String(params.column)).as('value')),
    );
    await expect(spliced(asAppDb(), { column: 'name' })).rejects.toThrow(
      '"column" is not a bound value',
    );
  });
});
