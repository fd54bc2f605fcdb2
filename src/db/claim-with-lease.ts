import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AnyKysely } from './engine.js';
import type { DB } from './kysely.js';
import { skipLockedOnPostgres } from './locks.js';
import type { Database } from './schema.js';

/** The queues whose rows one instance claims for a while: mail, PDF jobs, webhooks. */
type LeasedTable = 'email_outbox' | 'document_jobs' | 'webhook_deliveries';

export interface LeasedQueue<Table extends LeasedTable> {
  table: Table;
  /** The row's key, which the claim's conditional update targets. */
  key: keyof Database[Table] & string;
  /** The status of work waiting for its time. */
  waiting: Database[Table]['status'];
  /** The status of work claimed; with its lease run out, it is due again. */
  held: Database[Table]['status'];
  /** Which due row goes first. */
  order: readonly (keyof Database[Table] & string)[];
  /** Counts the attempt when claimed (PDF jobs), not when the outcome is recorded. */
  countAttemptOnClaim?: boolean;
}

/**
 * Takes the next due row of a queue (docs/decisions/023): one waiting whose time has come, or
 * one held whose lease ran out (its instance died mid-work). One conditional update writes the
 * held status, a fresh random `lease_token` and the lease's end in `next_attempt_at`; on
 * PostgreSQL the candidate is locked with SKIP LOCKED, so instances polling together take
 * different rows instead of queueing on one. Exactly one claimant gets a given row back, and
 * only the holder of its token may record the outcome (each queue's `... AND lease_token = ?`).
 */
export async function claimWithLease<Table extends LeasedTable>(
  db: DB,
  queue: LeasedQueue<Table>,
  now: Date,
  leaseMs: number,
): Promise<Selectable<Database[Table]> | undefined> {
  // The three tables share these columns; Kysely cannot see that through a table chosen by a
  // type parameter, so the query is built untyped and its row typed by the caller's table.
  const untyped = db as AnyKysely;
  const table: string = queue.table;
  const key: string = queue.key;
  const nowIso = now.toISOString();
  const statuses = [queue.waiting, queue.held];
  let due = untyped
    .selectFrom(table)
    .select(key)
    .where('status', 'in', statuses)
    .where('next_attempt_at', '<=', nowIso);
  for (const column of queue.order) due = due.orderBy(column);
  const row: unknown = await untyped
    .updateTable(table)
    .set((eb) => ({
      status: queue.held,
      next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
      lease_token: randomUUID(),
      ...(queue.countAttemptOnClaim ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where(key, '=', skipLockedOnPostgres(untyped, due.limit(1)))
    .where('status', 'in', statuses)
    .where('next_attempt_at', '<=', nowIso)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[Table]> | undefined;
}
