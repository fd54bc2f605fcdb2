import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Transaction } from 'kysely';
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}
