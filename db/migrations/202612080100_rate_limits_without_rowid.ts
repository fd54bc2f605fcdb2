import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../src/db/engine.js';

/**
 * SQLite only (issue 33): `rate_limits` becomes a WITHOUT ROWID table, keyed by its `key` alone.
 * As an ordinary table every counted attempt wrote two B-trees, the rows and the index on `key`;
 * now it writes one. Every signing page's opening and every sign-in counts one. The counters are
 * copied, so a limit in force stays in force. PostgreSQL keeps its table: it has no rowid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') return;
  await rebuild(db, 'WITHOUT ROWID');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') return;
  await rebuild(db, '');
}

/**
 * SQLite's table rebuild, in one transaction: Kysely runs SQLite migrations outside one, and a
 * stop between the DROP and the RENAME would leave no table and a migration that cannot run again.
 */
async function rebuild(db: Kysely<unknown>, tableOptions: 'WITHOUT ROWID' | '') {
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await sql`CREATE TABLE rate_limits_next (
      key TEXT PRIMARY KEY NOT NULL,
      window_started_at_ms INTEGER NOT NULL,
      hits INTEGER NOT NULL
    ) ${sql.raw(tableOptions)}`.execute(db);
    await sql`INSERT INTO rate_limits_next (key, window_started_at_ms, hits)
      SELECT key, window_started_at_ms, hits FROM rate_limits`.execute(db);
    await sql`DROP TABLE rate_limits`.execute(db);
    await sql`ALTER TABLE rate_limits_next RENAME TO rate_limits`.execute(db);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}
