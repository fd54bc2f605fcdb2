import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { createDb, type DB } from '../db/kysely.js';
import type { Engine } from '../db/engine.js';
import { createPostgresDb } from '../db/postgres.js';
import { createMigratedTemplate, startPostgresCluster } from './postgres-cluster.js';

/**
 * The database under a test: a fresh SQLite file, or, in the PostgreSQL leg (`npm run
 * test:postgres`), a fresh database cloned from a migrated template on the throwaway cluster that
 * src/test/postgres-global-setup.ts starts. Tests read and poke rows through `sql`, which speaks
 * both engines, so one test file checks both.
 */
export interface TestDatabase {
  db: DB;
  engine: Engine;
  /** The connection URL in the PostgreSQL leg (with its password), for child processes. */
  url?: string;
  sql: RawSql;
  /**
   * Every file on disk that holds this database's rows, as a copy of the disk taken now would:
   * the SQLite file with its WAL and shared memory, or PostgreSQL's table files of this
   * database plus the server's write-ahead log, after a checkpoint.
   */
  files(): Promise<string[]>;
  /**
   * A second, independent handle on the same database, as another instance (or process) would
   * hold: its own SQLite connection to the file, or its own PostgreSQL pool. Closed by drop().
   */
  connectAgain(): DB;
  drop(): Promise<void>;
}

/** Raw SQL with `?` placeholders, on either engine. */
export interface RawSql {
  all<Row>(text: string, ...params: unknown[]): Promise<Row[]>;
  get<Row>(text: string, ...params: unknown[]): Promise<Row | undefined>;
  /** The first column of the first row (better-sqlite3's `pluck().get()`). */
  value<Value>(text: string, ...params: unknown[]): Promise<Value>;
  /** Rows changed. */
  run(text: string, ...params: unknown[]): Promise<number>;
}

/**
 * Provided by the PostgreSQL legs' global setup (src/test/postgres-global-setup.ts), to the test
 * files of those projects only: the cluster's admin URL, the migrated template, its files.
 */
export interface TestPostgres {
  adminUrl: string;
  template: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres?: TestPostgres;
    /** A migrated SQLite file to copy (src/test/sqlite-global-setup.ts). */
    sqliteTemplate?: string;
  }
}

/** A cluster of the test file's own, set by clusterOfItsOwn() while its tests run. */
let ownCluster: TestPostgres | undefined;

/** The throwaway cluster of this test run, when it is a PostgreSQL leg. */
export function testPostgres(): TestPostgres | undefined {
  return ownCluster ?? inject('postgres');
}

/**
 * In the PostgreSQL leg, gives the calling test file a throwaway cluster of its own, with its own
 * migrated template: for the tests that need no other writer on the whole cluster (the read
 * cache's version is the cluster's snapshot, which a write to any database moves, and the run's
 * shared cluster serves other tests at the same moment). Does nothing in the SQLite leg.
 */
export function clusterOfItsOwn(): void {
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    if (!inject('postgres')) return;
    const cluster = await startPostgresCluster();
    stop = () => cluster.stop();
    await createMigratedTemplate(cluster.url('postgres'), 'own_template');
    await adminPool?.end();
    adminPool = undefined;
    ownCluster = {
      adminUrl: cluster.url('postgres'),
      template: 'own_template',
      dataDir: cluster.dataDir,
    };
  }, 60_000);
  afterAll(async () => {
    await adminPool?.end();
    adminPool = undefined;
    ownCluster = undefined;
    stop?.();
  });
}

export function testEngine(): Engine {
  return testPostgres() ? 'postgres' : 'sqlite';
}

function requireTestPostgres(): TestPostgres {
  const postgres = testPostgres();
  if (!postgres) throw new Error('not a PostgreSQL test run');
  return postgres;
}

/** `?` placeholders become `$1, $2, ...` for PostgreSQL (no test SQL has a literal `?`). */
function numberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

export function rawSql(db: Kysely<unknown>, engine: Engine): RawSql {
  const run = async <Row>(text: string, params: unknown[]) => {
    const query = engine === 'postgres' ? numberedPlaceholders(text) : text;
    return db.executeQuery<Row>(CompiledQuery.raw(query, params));
  };
  return {
    all: async <Row>(text: string, ...params: unknown[]) => [
      ...(await run<Row>(text, params)).rows,
    ],
    get: async (text, ...params) => (await run(text, params)).rows[0] as never,
    async value(text, ...params) {
      const row = (await run<Record<string, unknown>>(text, params)).rows[0];
      return (row ? Object.values(row)[0] : undefined) as never;
    },
    run: async (text, ...params) => Number((await run(text, params)).numAffectedRows ?? 0),
  };
}

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let adminPool: pg.Pool | undefined;

function admin(): pg.Pool {
  adminPool ??= new pg.Pool({
    connectionString: requireTestPostgres().adminUrl,
    max: 2,
    allowExitOnIdle: true,
  });
  return adminPool;
}

/**
 * A fresh database cloned from the migrated template (or, with `empty`, as `createdb` makes
 * one); returns its URL (with the password).
 */
export async function createTestPostgresDatabase(
  name: string,
  options: { empty?: boolean } = {},
): Promise<string> {
  const { adminUrl, template } = requireTestPostgres();
  await admin().query(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${template}`}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestPostgresDatabase, ending any connection left to it. */
export async function dropTestPostgresDatabase(name: string): Promise<void> {
  await admin().query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * A new database for one test, on the engine of this test run: a copy of the run's migrated
 * template where there is one (both engines' global setups make one), else an empty SQLite file.
 * Callers migrate it to the latest version themselves, which costs nothing on a copy.
 */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  const others: DB[] = [];
  const closeOthers = () => Promise.all(others.splice(0).map((other) => other.destroy()));
  if (testEngine() === 'sqlite') {
    const file = path.join(dir, 'app.db');
    const template = inject('sqliteTemplate');
    if (template) fs.copyFileSync(template, file);
    const { db } = createDb(file);
    return {
      db,
      engine: 'sqlite',
      sql: rawSql(db as unknown as Kysely<unknown>, 'sqlite'),
      files: () =>
        Promise.resolve(
          fs
            .readdirSync(dir)
            .filter((name) => name.startsWith('app.db'))
            .map((name) => path.join(dir, name)),
        ),
      connectAgain() {
        const other = createDb(file).db;
        others.push(other);
        return other;
      },
      async drop() {
        await closeOthers();
        await db.destroy();
      },
    };
  }
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const url = await createTestPostgresDatabase(name);
  const connect = () =>
    createPostgresDb(url, {
      poolSize: 10,
      // DROP DATABASE ... WITH (FORCE) ends connections a test left open (57P01): expected.
      onIdleError: (error) => {
        if ((error as { code?: string }).code !== '57P01')
          console.warn('test database', error.message);
      },
    });
  const db = connect();
  return {
    db,
    engine: 'postgres',
    url,
    sql: rawSql(db as unknown as Kysely<unknown>, 'postgres'),
    async files() {
      const { dataDir } = requireTestPostgres();
      const { rows } = await admin().query<{ oid: number }>(
        'SELECT oid FROM pg_database WHERE datname = $1',
        [name],
      );
      await admin().query('CHECKPOINT');
      return [`base/${rows[0]?.oid}`, 'pg_wal', 'global'].flatMap((folder) =>
        filesUnder(path.join(dataDir, folder)),
      );
    },
    connectAgain() {
      const other = connect();
      others.push(other);
      return other;
    },
    async drop() {
      await closeOthers();
      await db.destroy();
      await dropTestPostgresDatabase(name);
    },
  };
}
