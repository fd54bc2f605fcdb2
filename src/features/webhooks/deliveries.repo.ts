import type { Selectable } from 'kysely';
import { engineOf } from '../../db/engine.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { WebhookDeliveriesTable } from '../../db/schema.js';
import { GONE_REASON } from './endpoint-stops.js';

/**
 * Kysely queries on `webhook_deliveries` for the worker (docs/decisions/023, 025); its claim is
 * in delivery-claim.ts.
 */
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery as its claim holds it: only the lease's holder records the outcome. */
export interface DeliveryClaim {
  id: number;
  lease_token: string | null;
}

/** Narrows an update to the delivery while this claim still holds it. */
function held(db: DbOrTrx, claim: DeliveryClaim) {
  return db
    .updateTable('webhook_deliveries')
    .where('id', '=', claim.id)
    .where('status', '=', 'delivering')
    .where('lease_token', '=', claim.lease_token);
}

export interface TryOutcome {
  attempts: number;
  statusCode: number | null;
  error: string | null;
}

/** False when the lease had run out and another instance took the delivery again. */
export async function markDeliverySucceeded(
  db: DbOrTrx,
  claim: DeliveryClaim,
  outcome: TryOutcome,
  at: string,
): Promise<boolean> {
  const result = await held(db, claim)
    .set({
      status: 'succeeded',
      attempts: outcome.attempts,
      last_status_code: outcome.statusCode,
      last_error: null,
      delivered_at: at,
      lease_token: null,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markDeliveryRetry(
  db: DbOrTrx,
  claim: DeliveryClaim,
  outcome: TryOutcome,
  nextAttemptAt: string,
): Promise<boolean> {
  const result = await held(db, claim)
    .set({
      status: 'pending',
      attempts: outcome.attempts,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      next_attempt_at: nextAttemptAt,
      lease_token: null,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markDeliveryFailed(
  db: DbOrTrx,
  claim: DeliveryClaim,
  outcome: TryOutcome,
): Promise<boolean> {
  const result = await held(db, claim)
    .set({
      status: 'failed',
      attempts: outcome.attempts,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      lease_token: null,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The receiver answered 410 Gone: the endpoint is disabled and whatever still waits for it fails,
 * in one transaction with the delivery's own outcome (recorded only by the lease's holder).
 */
export async function disableEndpointAfterGone(
  db: DB,
  claim: DeliveryClaim & { endpoint_id: number },
  outcome: TryOutcome,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markDeliveryFailed(trx, claim, outcome))) return false;
    await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: at, disabled_reason: GONE_REASON })
      .where('id', '=', claim.endpoint_id)
      .where('disabled_at', 'is', null)
      .execute();
    await failWaitingDeliveries(trx, claim.endpoint_id, 'The endpoint was disabled');
    return true;
  });
}

/** Stops what still waits for an endpoint that will receive nothing more. */
export async function failWaitingDeliveries(db: DbOrTrx, endpointId: number, reason: string) {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, lease_token: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'delivering'])
    .execute();
}

/**
 * SQLite only, as for the outbox: one process owns the file, so deliveries it was sending when
 * it died go back now instead of at their lease's end. On PostgreSQL only a lease running out
 * frees a delivery. Returns how many.
 */
export async function endLeasesOfDeadDeliverers(db: DB, now: Date): Promise<number> {
  if (engineOf(db) === 'postgres') return 0;
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now.toISOString(), lease_token: null })
    .where('status', '=', 'delivering')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Finished deliveries past this age are removed: the screen shows the last 50 of each endpoint. */
export const KEEP_FINISHED_DELIVERIES_MS = 30 * 24 * 60 * 60 * 1000;

export async function pruneFinishedDeliveries(db: DB, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_FINISHED_DELIVERIES_MS).toISOString();
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['succeeded', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The endpoint a delivery goes to, with its sealed secrets. */
export function findDeliveryEndpoint(db: DbOrTrx, endpointId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['url', 'secret', 'previous_secret', 'previous_secret_expires_at', 'disabled_at'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
}
