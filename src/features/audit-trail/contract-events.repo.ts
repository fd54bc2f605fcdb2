import type { DbOrTrx } from '../../db/kysely.js';
import type { ContractEventType } from '../../domain/contract-lifecycle.js';

/**
 * A contract's audit trail (docs/decisions/021): every change, opening, mail and signature is one
 * append-only row. Below every feature that records one (contracts, signing, follow-up, mail, the
 * documents), so each writes it in its own transaction without importing another feature.
 */

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
  await db
    .insertInto('contract_events')
    .values({
      contract_id: event.contractId,
      type: event.type,
      at: event.at,
      actor: event.actor ?? null,
      ip: event.ip ?? null,
      user_agent: event.userAgent?.slice(0, 500) ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
    })
    .execute();
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
