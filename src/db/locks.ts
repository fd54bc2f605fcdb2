import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { engineOf, type AnyKysely } from './engine.js';
import type { Database } from './schema.js';

/**
 * Serializes a check-then-create inside a transaction, across every instance (docs/decisions/023).
 * PostgreSQL: a transaction-scoped advisory lock on the name's hash, released at commit or
 * rollback. SQLite: nothing to do, since one process holds the file and its one connection runs
 * one transaction at a time.
 */
export async function lockForCreateOnce(trx: Transaction<Database>, name: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * A claim's candidate rows, locked on PostgreSQL with SKIP LOCKED: instances polling at the same
 * moment pass over each other's rows instead of queueing behind them. SQLite has no row locks
 * and needs none (one writer at a time); the claim's conditional update decides there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, any selection
export function skipLockedOnPostgres<Query extends SelectQueryBuilder<any, any, any>>(
  db: AnyKysely,
  query: Query,
): Query {
  return engineOf(db) === 'postgres' ? (query.forUpdate().skipLocked() as Query) : query;
}
