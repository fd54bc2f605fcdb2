import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { EmailOutboxTable } from '../../db/schema.js';

/** Kysely queries on `email_outbox` (docs/decisions/009). Times are ISO-8601 UTC strings. */
export type OutboxRow = Selectable<EmailOutboxTable>;

/** Returns the new id, or null when a row with the same dedupe key exists. */
export async function insertOutboxRow(
  db: DbOrTrx,
  row: Insertable<EmailOutboxTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('email_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Ids of pending mails whose time has come, oldest due first. */
export async function findDueIds(db: DbOrTrx, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes one pending mail for sending. The status condition makes the claim atomic: of two workers
 * racing for the same row, exactly one gets it back, so a mail is never sent twice by a race.
 */
export async function claimOutboxRow(db: DbOrTrx, id: number): Promise<OutboxRow | undefined> {
  return db
    .updateTable('email_outbox')
    .set({ status: 'sending' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Delivered: the bodies go, since they may carry a signing link (docs/decisions/009). */
export async function markOutboxSent(db: DbOrTrx, id: number, at: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: at, html: null, text: null, attachments: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export async function markOutboxRetry(
  db: DbOrTrx,
  id: number,
  change: { attempts: number; nextAttemptAt: string; lastError: string },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: 'pending',
      attempts: change.attempts,
      next_attempt_at: change.nextAttemptAt,
      last_error: change.lastError,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Given up: kept (visibly) for the contractor, without the bodies. */
export async function markOutboxFailed(
  db: DbOrTrx,
  id: number,
  change: { attempts: number; lastError: string },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: 'failed',
      attempts: change.attempts,
      last_error: change.lastError,
      html: null,
      text: null,
      attachments: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Puts mails that were being sent when the process died back in the queue. Run once at worker
 * start: with one process, nothing else can be mid-send at that moment. Returns how many.
 */
export async function requeueInterruptedSends(db: DbOrTrx): Promise<number> {
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'pending' })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Mails to the contractor about a contract, not to its client. */
const CONTRACTOR_ALERT_KINDS = ['viewed_alert', 'declined_notice'];

/**
 * Failed mails of the contracts in a JSON array, the latest of each kind only. The ids drive the
 * loop (CROSS JOIN keeps SQLite from starting at every failed mail of every account instead), and
 * one JSON parameter holds any number of ids, so the query is built once.
 */
export const failedMailContracts = preparedQuery((db, params: { contractIdsJson: string }) =>
  db
    .selectFrom(sql<{ value: number }>`json_each(${params.contractIdsJson})`.as('ids'))
    .crossJoin('email_outbox as o')
    .select('o.contract_id')
    .distinct()
    .whereRef('o.contract_id', '=', 'ids.value')
    .where('o.status', '=', 'failed')
    // Alerts to the contractor say nothing about the client's address.
    .where('o.kind', 'not in', CONTRACTOR_ALERT_KINDS)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_outbox as later')
            .select('later.id')
            .whereRef('later.contract_id', '=', 'o.contract_id')
            .whereRef('later.kind', '=', 'o.kind')
            .whereRef('later.id', '>', 'o.id'),
        ),
      ),
    ),
);

/**
 * Which of these contracts have a mail that was given up for good, so the contracts list can flag
 * them. Only the latest mail of each kind counts: a failed signing request followed by a
 * delivered one (after fixing the address and resending) is no longer a problem.
 */
export async function listFailedMailContractIds(
  db: DbOrTrx,
  contractIds: number[],
): Promise<Set<number>> {
  if (contractIds.length === 0) return new Set();
  const rows = await failedMailContracts(db, { contractIdsJson: JSON.stringify(contractIds) });
  return new Set(rows.flatMap((row) => (row.contract_id === null ? [] : [row.contract_id])));
}
