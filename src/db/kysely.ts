import { mkdirSync } from 'node:fs';
import path, { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import type { Config } from '../config.js';
import type { Engine } from './engine.js';
import { checkPostgres, createPostgresDb, describePostgresUrl } from './postgres.js';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Opens (creating when missing) the SQLite file with the pragmas every connection needs. */
export function openSqlite(file: string): SQLite.Database {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while a write commits; NORMAL sync is durable across app crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A second process (backup, seed script, kysely-ctl) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

export function createDb(file: string): { db: DB; sqlite: SQLite.Database } {
  const sqlite = openSqlite(file);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, sqlite };
}

/** Enough for every distinct query the app builds; IN lists of other lengths may push some out. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks for a new prepared statement on every query; compiling the SQL again each time was a
 * tenth of a list request's CPU (docs/decisions/012). A better-sqlite3 statement can run any number of
 * times, so each distinct SQL text is prepared once. The app never streams results (iterate),
 * which is the one use that would make a shared statement busy.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The database the app runs on, with what a log line may say about it. */
export interface OpenedDatabase {
  db: DB;
  engine: Engine;
  /** The SQLite file, or `host:port/database`: never a password. */
  target: string;
}

/**
 * DATABASE_URL set: PostgreSQL through a pool, checked with one round trip so a wrong URL stops
 * the start with one line. Unset: the SQLite file in DATA_DIR, as always (docs/decisions/023).
 */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
  log: { warn(details: object, message: string): void },
): Promise<OpenedDatabase> {
  if (!config.DATABASE_URL) {
    const file = path.resolve(config.DATA_DIR, 'app.db');
    return { db: createDb(file).db, engine: 'sqlite', target: file };
  }
  const url = config.DATABASE_URL;
  const target = describePostgresUrl(url);
  const db = createPostgresDb(url, {
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (error) =>
      log.warn({ database: target, reason: error.message }, 'a pooled database connection failed'),
  });
  try {
    await checkPostgres(db, url);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine: 'postgres', target };
}
