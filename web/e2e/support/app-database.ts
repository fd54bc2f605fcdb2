import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../../src/db/schema';
import type { Engine } from '../../../src/db/engine';
import { createDb, type DB } from '../../../src/db/kysely';
import { createPostgresDb } from '../../../src/db/postgres';
import { rawSql, type RawSql } from '../../../src/test/test-database';
import type { RunningApp } from './app-server';

/** A handle on a test server's database, beside the server's own connections. */
export interface AppDatabase {
  engine: Engine;
  db: DB;
  /** Raw SQL with `?` placeholders; portable SQL only, so one test reads both engines. */
  sql: RawSql;
  close(): Promise<void>;
}

export interface OpenAppDatabaseOptions {
  /**
   * SQLite only: a read-only connection, which takes no lock and leaves no trace in the file
   * while the server runs. Once the server has stopped, open it writable: a read-only connection
   * cannot set up the WAL index a clean close removed.
   */
  readonly?: boolean;
}

/**
 * Opens the database of a server started by startApp: its DATABASE_URL on PostgreSQL, else the
 * SQLite file in its data folder (which must exist: a missing file is a failure, not a new one).
 */
export function openAppDatabase(
  app: Pick<RunningApp, 'dataDir' | 'databaseUrl'>,
  options: OpenAppDatabaseOptions = {},
): AppDatabase {
  if (app.databaseUrl) {
    const db = createPostgresDb(app.databaseUrl, { poolSize: 2, onIdleError: () => {} });
    return {
      engine: 'postgres',
      db,
      sql: rawSql(db as unknown as Kysely<unknown>, 'postgres'),
      close: () => db.destroy(),
    };
  }
  const file = path.join(app.dataDir, 'app.db');
  if (!existsSync(file)) throw new Error(`no database at ${file}`);
  const db = options.readonly
    ? new Kysely<Database>({
        dialect: new SqliteDialect({
          database: new SQLite(file, { readonly: true, fileMustExist: true }),
        }),
      })
    : createDb(file).db;
  return {
    engine: 'sqlite',
    db,
    sql: rawSql(db as unknown as Kysely<unknown>, 'sqlite'),
    close: () => db.destroy(),
  };
}
