import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
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
