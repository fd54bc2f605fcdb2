import { sql, type Insertable, type Selectable } from 'kysely';
import { claimWithLease, type LeasedQueue } from '../../db/claim-with-lease.js';
import { engineOf } from '../../db/engine.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { MAIL_READERS } from './mail-kinds.js';
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

const OUTBOX_QUEUE: LeasedQueue<'email_outbox'> = {
  table: 'email_outbox',
  key: 'id',
  waiting: 'pending',
  held: 'sending',
  order: ['next_attempt_at', 'id'],
};

/**
 * Takes the next mail that is due for sending: a pending one whose time has come, or one whose
 * sender's lease ran out (its instance died mid-send). The claim writes a fresh token and the
 * lease's end in one conditional update; on PostgreSQL the candidate row is locked with SKIP
 * LOCKED, so instances polling together take different mails instead of queueing on one.
 * Exactly one claimant gets a given row back (docs/decisions/023).
 */
export function claimNextOutboxRow(
  db: DB,
  now: Date,
  leaseMs: number,
): Promise<OutboxRow | undefined> {
  return claimWithLease(db, OUTBOX_QUEUE, now, leaseMs);
}

/** The mail as this claim holds it: an outcome is recorded only by the lease's holder. */
export interface OutboxClaim {
  id: number;
  lease_token: string | null;
}

/**
 * Delivered: the bodies go, since they may carry a signing link (docs/decisions/009). False when
 * the lease had run out and another instance took the mail again.
 */
export async function markOutboxSent(
  db: DbOrTrx,
  claim: OutboxClaim,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({
      status: 'sent',
      sent_at: at,
      html: null,
      text: null,
      attachments: null,
      lease_token: null,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('lease_token', '=', claim.lease_token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markOutboxRetry(
  db: DbOrTrx,
  claim: OutboxClaim,
  change: { attempts: number; nextAttemptAt: string; lastError: string },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: 'pending',
      attempts: change.attempts,
      next_attempt_at: change.nextAttemptAt,
      last_error: change.lastError,
      lease_token: null,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('lease_token', '=', claim.lease_token)
    .execute();
}

/** Given up: kept (visibly) for the contractor, without the bodies. */
export async function markOutboxFailed(
  db: DbOrTrx,
  claim: OutboxClaim,
  change: { attempts: number; lastError: string },
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({
      status: 'failed',
      attempts: change.attempts,
      last_error: change.lastError,
      html: null,
      text: null,
      attachments: null,
      lease_token: null,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('lease_token', '=', claim.lease_token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * SQLite only: one process owns the file, so at its start no other sender can be alive, and
 * the leases of mails it was sending when it died end now instead of at their time. On
 * PostgreSQL another instance may be mid-send: there, only a lease running out frees a mail.
 * Returns how many.
 */
export async function endLeasesOfDeadSenders(db: DB, now: Date): Promise<number> {
  if (engineOf(db) === 'postgres') return 0;
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'pending', next_attempt_at: now.toISOString(), lease_token: null })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The mails a client reads (mail-kinds.ts): only theirs flag a card, since a failed alert or copy
 * to the contractor says nothing about the client's address. Read from the one table, so a new
 * kind of mail to the contractor cannot flag cards by being left off a list.
 */
const CLIENT_MAIL_KINDS = Object.entries(MAIL_READERS).flatMap(([kind, reader]) =>
  reader === 'client' ? [kind] : [],
);

/**
 * Failed mails of the contracts in a JSON array, the latest of each kind only. The ids drive the
 * loop (CROSS JOIN keeps SQLite from starting at every failed mail of every account instead), and
 * one JSON parameter holds any number of ids, so the query is built once (per engine: each has
 * its own function that reads a JSON array as rows).
 */
export const failedMailContracts = preparedQuery((db, params: { contractIdsJson: string }) =>
  db
    .selectFrom(
      engineOf(db) === 'postgres'
        ? sql<{ value: number }>`(SELECT value::integer AS value
            FROM json_array_elements_text(${params.contractIdsJson}::json))`.as('ids')
        : sql<{ value: number }>`json_each(${params.contractIdsJson})`.as('ids'),
    )
    .crossJoin('email_outbox as o')
    .select('o.contract_id')
    .distinct()
    .whereRef('o.contract_id', '=', 'ids.value')
    .where('o.status', '=', 'failed')
    .where('o.kind', 'in', CLIENT_MAIL_KINDS)
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
