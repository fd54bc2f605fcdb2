import { sql } from 'kysely';
import type { CompanyId } from '../domain/team.js';
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
  return inRowLock(db, 'users', userId, work);
}

/**
 * The same for a whole company (docs/decisions/045): its caps (keys, webhooks) and the rule that
 * it always keeps an owner hold however many of its people act at once. PostgreSQL locks the
 * `companies` row.
 */
export async function inCompanyLock<T>(
  db: DB,
  companyId: CompanyId,
  work: (trx: DbOrTrx) => Promise<T>,
): Promise<T> {
  return inRowLock(db, 'companies', companyId, work);
}

async function inRowLock<T>(
  db: DB,
  table: 'users' | 'companies',
  id: number,
  work: (trx: DbOrTrx) => Promise<T>,
): Promise<T> {
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM ${sql.table(table)} WHERE id = ${id} FOR NO KEY UPDATE`.execute(trx);
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
