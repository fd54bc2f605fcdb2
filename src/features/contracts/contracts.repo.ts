import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { ContractsTable } from '../../db/schema.js';

export type ContractRow = Awaited<ReturnType<typeof findContractRow>>;

export async function findContractRow(db: DbOrTrx, userId: number, id: number) {
  return db
    .selectFrom('contracts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The cards of the list: no JSON columns, no signatures, no snapshots. */
export async function listContractRows(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('contracts')
    .select([
      'id',
      'status',
      'created_at',
      'updated_at',
      'sent_at',
      'total_price_cents',
      'client_name',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertContractRow(db: DbOrTrx, row: Insertable<ContractsTable>) {
  const inserted = await db
    .insertInto('contracts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Updates a draft of this owner; the status condition makes a concurrent send win cleanly. */
export async function updateDraftRow(
  db: DbOrTrx,
  userId: number,
  id: number,
  changes: Updateable<ContractsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('contracts')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertContractEvent(
  db: DbOrTrx,
  event: {
    contractId: number;
    type: string;
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
