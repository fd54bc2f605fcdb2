import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import type { SessionUser } from '../../ports/session.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { recordWhileIn } from '../contracts/contract-transition.js';
import { findRevisionId, draftContentOf, insertContractRow } from '../contracts/contracts.repo.js';
import type { Actor } from '../sessions/request-context.js';
import { contractForAction, lostRace } from './contract-for-action.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import { REPLACED_BY_REVISION, withdrawInTransaction } from './void.service.js';
import { signersOfRevision } from './signers-of-revision.js';

const alreadyRevised = (revisionId: number) =>
  new AppError('CONFLICT', `This contract was already revised as Contract #${revisionId}`);

/**
 * POST /api/contracts/:id/revise: a new draft with the same client, other signers and signing
 * order (issue 37), scope, price and payment plan, unsigned, which the wizard opens. A sent
 * contract is withdrawn first (its signers are told it is being replaced); one contract has at
 * most one revision (a unique index).
 */
export async function reviseContract(
  deps: FollowUpDeps,
  user: SessionUser,
  id: number,
  actor: Actor,
): Promise<{ id: number }> {
  const { companyId } = user;
  const now = deps.clock();
  const row = await contractForAction(deps, companyId, id, 'revise', now);
  const existing = await findRevisionId(deps.db, id);
  if (existing) throw alreadyRevised(existing);
  const at = now.toISOString();
  const who = { actor: actor.email, ip: actor.ip, userAgent: actor.userAgent };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (row.status === 'sent') {
        const withdrawn = await withdrawInTransaction(
          trx,
          deps,
          row,
          REPLACED_BY_REVISION,
          now,
          actor,
        );
        if (!withdrawn) throw new RaceLost();
      }
      const revisionId = await insertContractRow(trx, {
        company_id: companyId,
        created_by_user_id: user.id,
        status: 'draft',
        ...draftContentOf(row),
        ...(await signersOfRevision(trx, row)),
        revision_of: id,
        original_id: row.original_id ?? row.id,
        revision_number: row.revision_number + 1,
        created_at: at,
        updated_at: at,
      });
      await insertContractEvent(trx, {
        contractId: revisionId,
        type: 'created',
        at,
        ...who,
        details: { revision_of: id },
      });
      const recorded = await recordWhileIn(trx, {
        contractId: id,
        from: ['expired', 'declined', 'voided'],
        event: { type: 'revised', at, ...who, details: { revision_id: revisionId } },
      });
      if (!recorded) throw new RaceLost();
      return { id: revisionId };
    });
  } catch (error) {
    // Another revision, a signature or a withdrawal came first (for two revisions at once, the
    // unique index lets one through): say which.
    const raced = error instanceof RaceLost || isUniqueViolation(error);
    if (!raced) throw error;
    const winner = await findRevisionId(deps.db, id);
    throw winner ? alreadyRevised(winner) : await lostRace(deps, companyId, id);
  }
}

class RaceLost extends Error {}
