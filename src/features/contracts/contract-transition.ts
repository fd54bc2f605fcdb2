import { sql, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { ContractsTable } from '../../db/schema.js';
import {
  canTransition,
  type ContractEventType,
  type ContractStatus,
} from '../../domain/contract-lifecycle.js';
import { insertContractEvent } from './contracts.repo.js';

export interface ContractTransition {
  contractId: number;
  /** When set, the contract must belong to this user. */
  ownerId?: number;
  /** The statuses the contract may be in; each must be allowed to move to `to`. */
  from: readonly ContractStatus[];
  to: ContractStatus;
  /** Other columns that change with the status, in the same conditional update. */
  set?: Omit<Updateable<ContractsTable>, 'status'>;
  /** Columns that must still be null for the move (e.g. nobody has signed yet). */
  stillNull?: readonly (keyof ContractsTable)[];
  /** The event that records the move; `at` also becomes `updated_at`. */
  event: {
    type: ContractEventType;
    at: string;
    actor?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    details?: Record<string, unknown>;
  };
}

/** A move the lifecycle table does not allow: a bug in the caller, never the user's doing. */
export class ForbiddenTransitionError extends Error {
  constructor(from: ContractStatus, to: ContractStatus) {
    super(`A contract cannot go from ${from} to ${to} (src/domain/contract-lifecycle.ts)`);
    this.name = 'ForbiddenTransitionError';
  }
}

/**
 * The one way a contract's status changes (issue 16). A conditional update (`status in from`,
 * and the owner and still-null columns when given) so that of two racing moves exactly one wins,
 * then the event that records it, in the caller's transaction. Returns false when the move lost
 * the race (or the contract is not the owner's): the caller says what that means to its user.
 */
export async function transition(trx: DbOrTrx, move: ContractTransition): Promise<boolean> {
  for (const from of move.from) {
    if (!canTransition(from, move.to)) throw new ForbiddenTransitionError(from, move.to);
  }
  let update = trx
    .updateTable('contracts')
    .set({ ...move.set, updated_at: move.event.at })
    // The one place a status is written: the schema's type refuses it anywhere else.
    .set(sql`status`, move.to as never)
    .where('id', '=', move.contractId)
    .where('status', 'in', move.from);
  if (move.ownerId !== undefined) update = update.where('user_id', '=', move.ownerId);
  for (const column of move.stillNull ?? []) update = update.where(column, 'is', null);
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await insertContractEvent(trx, { contractId: move.contractId, ...move.event });
  return true;
}
