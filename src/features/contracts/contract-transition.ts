import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { ContractsTable, Database } from '../../db/schema.js';
import {
  canTransition,
  type ContractEventType,
  type ContractStatus,
} from '../../domain/contract-lifecycle.js';
import type { CompanyId } from '../../domain/team.js';

export interface ContractTransition {
  contractId: number;
  /** When set, the contract must belong to this company. */
  companyId?: CompanyId;
  /** The statuses the contract may be in; each must be allowed to move to `to`. */
  from: readonly ContractStatus[];
  to: ContractStatus;
  /** Other columns that change with the status, in the same conditional update. */
  set?: Omit<Updateable<ContractsTable>, 'status'>;
  /** Columns that must still be null for the move (e.g. nobody has signed yet). */
  stillNull?: readonly (keyof ContractsTable)[];
  /** A further condition of the same update (e.g. no reminder in the last hour). */
  guard?: (eb: ExpressionBuilder<Database, 'contracts'>) => Expression<SqlBool>;
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
 * and the company, still-null columns and guard when given) so that of two racing moves exactly
 * one wins, then the event that records it, in the caller's transaction. Returns false when the
 * move lost the race (or the contract is not the company's): the caller says what that means.
 */
export async function transition(trx: DbOrTrx, move: ContractTransition): Promise<boolean> {
  for (const from of move.from) {
    if (!canTransition(from, move.to)) throw new ForbiddenTransitionError(from, move.to);
  }
  return applyMove(trx, move, move.to);
}

/**
 * An event that keeps the status (a reminder, a later deadline): the same conditional update
 * and event as `transition()`, with the status only checked, so an event never lands on a
 * contract that has meanwhile left the statuses it fits.
 */
export function recordWhileIn(trx: DbOrTrx, move: Omit<ContractTransition, 'to'>) {
  return applyMove(trx, move, null);
}

async function applyMove(
  trx: DbOrTrx,
  move: Omit<ContractTransition, 'to'>,
  to: ContractStatus | null,
): Promise<boolean> {
  let update = trx
    .updateTable('contracts')
    .set({ ...move.set, updated_at: move.event.at })
    .where('id', '=', move.contractId)
    .where('status', 'in', move.from);
  // The one place a status is written: the schema's type refuses it anywhere else.
  if (to !== null) update = update.set(sql`status`, to as never);
  if (move.companyId !== undefined) update = update.where('company_id', '=', move.companyId);
  for (const column of move.stillNull ?? []) update = update.where(column, 'is', null);
  if (move.guard) update = update.where(move.guard);
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await insertContractEvent(trx, { contractId: move.contractId, ...move.event });
  return true;
}
