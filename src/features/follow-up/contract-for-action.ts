import type { CompanyId } from '../../domain/team.js';
import { canDo, WHY_NOT, type ContractAction } from '../../domain/contract-lifecycle.js';
import { AppError } from '../../lib/app-error.js';
import type { DbOrTrx } from '../../db/kysely.js';
import {
  findContractRow,
  findRevisionId,
  type FoundContractRow,
} from '../contracts/contracts.repo.js';
import { expireOverdue } from '../contracts/expiry.js';
import type { FollowUpDeps } from './follow-up-deps.js';

/**
 * How an action finds its row: a contract by default; a change order through its own finder
 * (issue 38), since the contracts' finder never sees one.
 */
export interface RowFinder {
  find: (db: DbOrTrx, companyId: CompanyId, id: number) => Promise<FoundContractRow | undefined>;
  notFound: string;
}

export const CONTRACT_FINDER: RowFinder = { find: findContractRow, notFound: 'Contract not found' };

/**
 * The company's contract for an action after sending, expired first if its deadline passed: 404
 * for a contract that is not the company's, 409 with why when the action does not fit its status.
 */
export async function contractForAction(
  deps: FollowUpDeps,
  companyId: CompanyId,
  id: number,
  action: ContractAction,
  now: Date,
  finder: RowFinder = CONTRACT_FINDER,
) {
  await expireOverdue(deps.db, now, { contractId: id, companyId });
  const row = await finder.find(deps.db, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', finder.notFound);
  if (!canDo(action, row.status)) throw new AppError('CONFLICT', WHY_NOT[row.status]);
  // A revised contract is replaced: no new link or reminder may bring it back to the client.
  if (action === 'remind' || action === 'extend') {
    const revisionId = await findRevisionId(deps.db, id);
    if (revisionId) {
      throw new AppError('CONFLICT', `This contract was revised as Contract #${revisionId}`);
    }
  }
  return row;
}

/** The 409 of an action that lost a race (a signature or a withdrawal came first). */
export async function lostRace(
  deps: FollowUpDeps,
  companyId: CompanyId,
  id: number,
  finder: RowFinder = CONTRACT_FINDER,
) {
  const current = await finder.find(deps.db, companyId, id);
  return current
    ? new AppError('CONFLICT', WHY_NOT[current.status])
    : new AppError('NOT_FOUND', finder.notFound);
}
