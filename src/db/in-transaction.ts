import type { Transaction } from 'kysely';
import type { DbOrTrx } from './kysely.js';
import type { Database } from './schema.js';

/**
 * Runs `work` in a transaction: the caller's, when it is already in one (Kysely cannot nest
 * them), or a new one. For writes that must commit together whether a service runs alone or
 * inside a larger unit, such as a signing page's opening (issue 33).
 */
export function inTransaction<T>(
  db: DbOrTrx,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
