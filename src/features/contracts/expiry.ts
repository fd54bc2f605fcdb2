import { inTransaction } from '../../db/in-transaction.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';
import { transition } from './contract-transition.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * Moves sent contracts whose newest link has run out to `expired` (issue 17). The sweeper calls
 * it for everyone; the signing page and the contractor's screens call it for the contract or
 * company they are about to show, so nobody sees a stale `sent` between sweeps. Returns how
 * many expired.
 */
export async function expireOverdue(
  db: DbOrTrx,
  now: Date,
  scope: { contractId?: number; companyId?: CompanyId } = {},
  limit = 200,
): Promise<number> {
  const at = now.toISOString();
  let query = db
    .selectFrom('contracts')
    .select(['id', 'expires_at'])
    .where('status', '=', 'sent')
    .where('expires_at', '<=', at);
  if (scope.contractId !== undefined) query = query.where('id', '=', scope.contractId);
  if (scope.companyId !== undefined) query = query.where('company_id', '=', scope.companyId);
  const due = await query.orderBy('expires_at').limit(limit).execute();
  let expired = 0;
  for (const { id, expires_at: expiresAt } of due) {
    if (!expiresAt) continue;
    const moved = await inTransaction(db, async (trx) => {
      const done = await transition(trx, {
        contractId: id,
        from: ['sent'],
        to: 'expired',
        // A new deadline set meanwhile keeps it open.
        guard: (eb) => eb('expires_at', '<=', at),
        set: { next_reminder_at: null },
        // The record says when the link ran out, not when the sweeper noticed.
        event: { type: 'expired', at: expiresAt, details: { expires_at: expiresAt } },
      });
      if (done) {
        await queueWebhookEvent(trx, { type: 'contract.expired', contractId: id, at: expiresAt });
      }
      return done;
    });
    if (moved) expired += 1;
  }
  return expired;
}

/** Whether a row just read is a sent contract past its deadline, to expire before showing it. */
export function isOverdue(row: { status: string; expires_at: string | null }, now: Date): boolean {
  return row.status === 'sent' && row.expires_at !== null && row.expires_at <= now.toISOString();
}
