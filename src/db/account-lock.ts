import { sql } from 'kysely';
import { engineOf } from './engine.js';
import type { DB, DbOrTrx } from './kysely.js';

/**
 * Runs `work` as one transaction that no other transaction of the same account runs beside: a
 * count-then-insert under a cap (20 keys, 10 webhooks) cannot pass the cap however many requests
 * race, on any number of instances.
 *
 * PostgreSQL: the account's `users` row is locked (FOR NO KEY UPDATE, so inserts that merely
 * reference the account, which take KEY SHARE, are not held up) until commit. SQLite: the
 * transaction starts with BEGIN IMMEDIATE, taking the file's one write lock before it reads, so
 * its count cannot be overtaken by another connection's insert (Kysely's own transactions begin
 * DEFERRED, where the read would come first). Kysely's SQLite driver holds its one connection for
 * the whole callback, so the process's other queries wait their turn.
 */
export async function inAccountLock<T>(
  db: DB,
  userId: number,
  work: (trx: DbOrTrx) => Promise<T>,
): Promise<T> {
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      // SQLite may have rolled back already (a full disk, an interrupted statement).
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
