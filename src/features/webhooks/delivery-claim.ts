import type { CompanyId } from '../../domain/team.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { engineOf } from '../../db/engine.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { DeliveryRow } from './deliveries.repo.js';

/**
 * How the webhook worker takes its next delivery (docs/decisions/040): fairly across companies, one
 * at a time per endpoint, and exclusively with a lease across instances (docs/decisions/023).
 */

/** A claimed delivery, with the company whose endpoint it goes to. */
export type ClaimedDelivery = DeliveryRow & { company_id: CompanyId };

/** Whose turn it is, as the claiming worker sees it. */
export interface ClaimTurn {
  /** The company this worker served last: companies after it come first, then it wraps round. */
  afterCompanyId: number;
  /** Companies that already hold their share of this worker's slots. */
  skipCompanyIds: readonly CompanyId[];
}

const FIRST_TURN: ClaimTurn = { afterCompanyId: 0, skipCompanyIds: [] };

/** PostgreSQL: how many choices one claim makes before it leaves the rest to the next poll. */
const CHOICES_PER_CLAIM = 3;

/** Another delivery of the endpoint is being sent under a live lease (its id, or the row `d`'s). */
function endpointBusy(db: DbOrTrx, endpointId: number | 'd', nowIso: string) {
  return db
    .selectFrom('webhook_deliveries as busy')
    .select('busy.id')
    .where(
      'busy.endpoint_id',
      '=',
      endpointId === 'd' ? sql.ref<number>('d.endpoint_id') : endpointId,
    )
    .where('busy.status', '=', 'delivering')
    .where('busy.next_attempt_at', '>', nowIso);
}

/**
 * The due deliveries in turn: due (waiting for their time, or held by a lease that ran out), to
 * an endpoint nothing else is being sent to, the companies after `afterCompanyId` first (wrapping
 * round), and within a company the one due longest. The first is the one to claim.
 */
function dueInTurn(db: DbOrTrx, nowIso: string, turn: ClaimTurn) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where('d.status', 'in', ['pending', 'delivering'])
    .where('d.next_attempt_at', '<=', nowIso)
    .where((eb) => eb.not(eb.exists(endpointBusy(db, 'd', nowIso))))
    .$if(turn.skipCompanyIds.length > 0, (query) =>
      query.where('e.company_id', 'not in', turn.skipCompanyIds),
    )
    .orderBy(sql`CASE WHEN e.company_id > ${turn.afterCompanyId} THEN 0 ELSE 1 END`)
    .orderBy('e.company_id')
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(1);
}

/** The claim itself: held, a fresh token, the lease's end in `next_attempt_at`. */
function leaseUntil(now: Date, leaseMs: number) {
  return {
    status: 'delivering' as const,
    next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
    lease_token: randomUUID(),
  };
}

/**
 * Claims the next delivery in turn with a lease, or nothing when none is due. Exactly one
 * claimant gets a given delivery, and only the holder of its token records the outcome (the
 * `held` updates of deliveries.repo.ts), as with the mail outbox and the PDF jobs.
 *
 * SQLite: one UPDATE whose subquery picks the row; the statement takes the file's write lock
 * before it reads, so no other claim runs between the choice and the claim.
 * PostgreSQL: one transaction. The choice locks its endpoint's row (FOR NO KEY UPDATE ... SKIP
 * LOCKED, so instances choosing at once pass over each other's endpoints), then the claim checks
 * again, in a statement that starts after that lock was taken, that nothing else of the endpoint
 * is being sent: an instance that claimed the endpoint just before has committed by then, and
 * one that comes after skips it until this commit.
 */
export async function claimNextDelivery(
  db: DB,
  now: Date,
  leaseMs: number,
  turn: ClaimTurn = FIRST_TURN,
): Promise<ClaimedDelivery | undefined> {
  const nowIso = now.toISOString();
  if (engineOf(db) !== 'postgres') {
    return db
      .updateTable('webhook_deliveries')
      .set(leaseUntil(now, leaseMs))
      .where('id', '=', dueInTurn(db, nowIso, turn).select('d.id'))
      .where('status', 'in', ['pending', 'delivering'])
      .where('next_attempt_at', '<=', nowIso)
      .returningAll()
      .returning((eb) =>
        eb
          .selectFrom('webhook_endpoints')
          .select('webhook_endpoints.company_id')
          .whereRef('webhook_endpoints.id', '=', 'webhook_deliveries.endpoint_id')
          .$asScalar()
          .$notNull()
          .as('company_id'),
      )
      .executeTakeFirst();
  }
  return db.transaction().execute(async (trx) => {
    // A choice made just as another instance's claim of the same endpoint committed finds the
    // endpoint busy at the claim; the next choice, in a fresh statement, passes over it.
    for (let choice = 0; choice < CHOICES_PER_CLAIM; choice += 1) {
      const next = await dueInTurn(trx, nowIso, turn)
        .select(['d.id', 'd.endpoint_id', 'e.company_id'])
        .forNoKeyUpdate('e')
        .skipLocked()
        .executeTakeFirst();
      if (!next) return undefined;
      const claimed = await trx
        .updateTable('webhook_deliveries as d')
        .set(leaseUntil(now, leaseMs))
        .where('d.id', '=', next.id)
        .where('d.status', 'in', ['pending', 'delivering'])
        .where('d.next_attempt_at', '<=', nowIso)
        .where((eb) => eb.not(eb.exists(endpointBusy(trx, next.endpoint_id, nowIso))))
        .returningAll()
        .executeTakeFirst();
      if (claimed) return { ...claimed, company_id: next.company_id };
    }
    return undefined;
  });
}
