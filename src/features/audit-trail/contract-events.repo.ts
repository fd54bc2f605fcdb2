import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { ContractEventType } from '../../domain/contract-lifecycle.js';

/**
 * A contract's audit trail (docs/decisions/021): every change, opening, mail and signature is one
 * append-only row. Below every feature that records one (contracts, signing, follow-up, mail, the
 * documents), so each writes it in its own transaction without importing another feature.
 */

/** Built once (docs/decisions/013): nearly every request that changes anything appends one. */
const appendEvent = preparedQuery(
  (
    db,
    params: {
      contractId: number;
      type: ContractEventType;
      at: string;
      actor: string | null;
      ip: string | null;
      userAgent: string | null;
      details: string | null;
    },
  ) =>
    db.insertInto('contract_events').values({
      contract_id: params.contractId,
      type: params.type,
      at: params.at,
      actor: params.actor,
      ip: params.ip,
      user_agent: params.userAgent,
      details: params.details,
    }),
);

export async function insertContractEvent(
  db: DbOrTrx,
  event: {
    contractId: number;
    type: ContractEventType;
    at: string;
    actor?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await appendEvent(db, {
    contractId: event.contractId,
    type: event.type,
    at: event.at,
    actor: event.actor ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
    details: event.details ? JSON.stringify(event.details) : null,
  });
}

/** The contract's audit trail, oldest first (the owner check is the caller's). */
export async function listContractEvents(db: DbOrTrx, contractId: number) {
  return db
    .selectFrom('contract_events')
    .select(['id', 'type', 'at', 'actor', 'ip', 'user_agent', 'details'])
    .where('contract_id', '=', contractId)
    .orderBy('id')
    .execute();
}

/**
 * The steps of a contract's change orders that its own timeline shows (issue 38): written and
 * signed by the contractor, sent, signed, declined, withdrawn, expired, sealed. Openings, mails
 * and reminders stay on the change order's own record.
 */
export const CHANGE_ORDER_MILESTONES = [
  'signed_by_contractor',
  'sent',
  'signed_by_client',
  'completed',
  'declined',
  'voided',
  'expired',
] as const satisfies readonly ContractEventType[];

/** Those steps of every change order to `contractId`, each with its change order's number. */
export async function listChangeOrderMilestones(db: DbOrTrx, contractId: number) {
  return db
    .selectFrom('contract_events')
    .innerJoin('contracts', 'contracts.id', 'contract_events.contract_id')
    .select([
      'contract_events.id',
      'contract_events.type',
      'contract_events.at',
      'contract_events.actor',
      'contract_events.ip',
      'contract_events.user_agent',
      'contract_events.details',
      'contracts.id as change_order_id',
      'contracts.change_order_number',
    ])
    .where('contracts.change_order_of', '=', contractId)
    .where('contract_events.type', 'in', CHANGE_ORDER_MILESTONES)
    .orderBy('contract_events.id')
    .execute();
}
