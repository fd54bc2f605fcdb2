import { sql, type Transaction } from 'kysely';
import { engineOf } from './engine.js';
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
