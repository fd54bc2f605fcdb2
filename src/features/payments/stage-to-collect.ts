import type { DbOrTrx } from '../../db/kysely.js';
import { canDo, WHY_NOT } from '../../domain/contract-lifecycle.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { holdingPayments, stagesOf } from './ledger.js';
import { contractForPayments } from './stage-payments.repo.js';
import { CONTRACT_NOT_FOUND } from './stage-payments.service.js';

/**
 * The stage a request or a record is about (issue 36, later stages), and the refusals both share.
 */

export const NO_SUCH_STAGE = 'This contract has no such payment stage';
export const STAGE_PAID = 'This stage is already paid';
export const STAGE_PROCESSING = 'A bank payment for this stage is on its way';

/** The client as the contract was sent to them: the send's copy first, then the draft's. */
export function clientOf(contract: {
  client_data: string | null;
  client_name: string | null;
  client_email: string | null;
}): { name: string | null; email: string | null } {
  const sent = contract.client_data
    ? (JSON.parse(contract.client_data) as { name?: string; email?: string })
    : {};
  return { name: sent.name ?? contract.client_name, email: sent.email ?? contract.client_email };
}

/**
 * The company's signed contract and one of its stages, for asking or recording: 404 for another
 * company's contract or a stage the plan does not have, 409 with why before the client signed.
 */
export async function stageToCollect(
  db: DbOrTrx,
  companyId: CompanyId,
  contractId: number,
  stageIndex: number,
) {
  const contract = await contractForPayments(db, companyId, contractId);
  if (!contract) throw new AppError('NOT_FOUND', CONTRACT_NOT_FOUND);
  if (!canDo('collect', contract.status)) {
    throw new AppError('CONFLICT', WHY_NOT[contract.status]);
  }
  const stage = stagesOf(contract.payment_plan_json)[stageIndex];
  if (!stage || stage.amount_cents <= 0) throw new AppError('NOT_FOUND', NO_SUCH_STAGE);
  return { contract, stage };
}

/** 409 when a payment already holds the stage: paid, or a bank payment on its way. */
export async function refuseHeldStage(
  db: DbOrTrx,
  contractId: number,
  stageIndex: number,
): Promise<void> {
  const held = (await holdingPayments(db, contractId)).get(stageIndex);
  if (!held) return;
  throw new AppError('CONFLICT', held.status === 'processing' ? STAGE_PROCESSING : STAGE_PAID);
}
