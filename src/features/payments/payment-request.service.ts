import type { Transaction } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import { canDo, WHY_NOT } from '../../domain/contract-lifecycle.js';
import type { StagePayments } from '../../domain/stage-payments.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { inClientMailTransaction } from '../follow-up/client-mail-limit.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderPaymentRequestMail } from '../mail/templates/index.js';
import type { Actor } from '../sessions/request-context.js';
import { holdingPayments, refreshPaymentSummary, stagesOf } from './ledger.js';
import { createPaymentRequest } from './payment-links.js';
import { stripeKeysOf } from './payment-settings.repo.js';
import { contractForPayments, type ContractForPayments } from './stage-payments.repo.js';
import {
  CONTRACT_NOT_FOUND,
  paymentsAnswer,
  type StagePaymentsDeps,
} from './stage-payments.service.js';

export const NO_SUCH_STAGE = 'This contract has no such payment stage';
export const STAGE_PAID = 'This stage is already paid';
export const STAGE_PROCESSING = 'A bank payment for this stage is on its way';
export const STRIPE_NOT_CONNECTED =
  'Connect Stripe in Settings → Payments to request payments online';

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
  deps: Pick<StagePaymentsDeps, 'db'>,
  companyId: CompanyId,
  contractId: number,
  stageIndex: number,
) {
  const contract = await contractForPayments(deps.db, companyId, contractId);
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
  trx: DbOrTrx,
  contractId: number,
  stageIndex: number,
): Promise<void> {
  const held = (await holdingPayments(trx, contractId)).get(stageIndex);
  if (!held) return;
  throw new AppError('CONFLICT', held.status === 'processing' ? STAGE_PROCESSING : STAGE_PAID);
}

/**
 * POST /api/contracts/:id/payments/:stage/request (issue 36): the client is emailed a link to pay
 * the stage, in their language and with the company's branding. It shares the contract's
 * follow-up budget and the company's daily limit with reminders (a 429 that says when, as Send
 * reminder's), and the request, its event, its mail and the contract's "payment due" commit
 * together.
 */
export async function requestStagePayment(
  deps: StagePaymentsDeps,
  user: { id: number; companyId: CompanyId },
  target: { contractId: number; stageIndex: number },
  actor: Actor,
): Promise<StagePayments> {
  const { companyId } = user;
  const { contractId, stageIndex } = target;
  const now = deps.clock();
  const { contract, stage } = await stageToCollect(deps, companyId, contractId, stageIndex);
  await refuseHeldStage(deps.db, contractId, stageIndex);
  const keys = await stripeKeysOf(deps.db, companyId, deps.mailSealer);
  if (!keys) throw new AppError('CONFLICT', STRIPE_NOT_CONNECTED);
  const client = clientOf(contract);
  if (!client.email) throw new AppError('CONFLICT', 'This contract has no client email');
  const to = client.email;
  const scope = { companyId, followUpOf: contractId };
  await inClientMailTransaction(deps, scope, now, async (trx) => {
    // A payment that came in meanwhile (a bank transfer, a cash record) wins: no mail goes.
    await refuseHeldStage(trx, contractId, stageIndex);
    const link = await createPaymentRequest(
      trx,
      { companyId, contractId, stageIndex, requestedBy: user.id },
      now,
    );
    await insertContractEvent(trx, {
      contractId,
      type: 'payment_requested',
      at: now.toISOString(),
      actor: actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: {
        request_id: link.id,
        stage: stageIndex,
        stage_label: stage.label,
        amount_cents: stage.amount_cents,
        to,
      },
    });
    const mail = renderPaymentRequestMail({
      company: await mailCompanyOf(trx, contract, deps.config.PUBLIC_URL),
      clientName: client.name,
      contractId,
      stageLabel: stage.label,
      amountCents: stage.amount_cents,
      methods: keys.methods,
      link: `${deps.config.PUBLIC_URL}/pay/${link.token}`,
      expiresAt: link.expiresAt,
      language: contract.language,
    });
    await enqueueMail(trx, deps.mailSealer, { kind: 'payment_request', to, contractId, ...mail });
    await refreshPaymentSummary(trx, contractId);
  });
  return paymentsAnswer(deps.db, contract, now);
}

/** The company as its client mails show it: the names frozen on the contract, today's logo. */
async function mailCompanyOf(
  trx: Transaction<Database>,
  contract: ContractForPayments,
  publicUrl: string,
) {
  const prefs = await trx
    .selectFrom('preferences')
    .select(['logo_path', 'time_zone'])
    .where('company_id', '=', contract.company_id)
    .executeTakeFirst();
  return {
    name: contract.company_name,
    phone: contract.company_phone,
    email: contract.company_email,
    logoUrl: prefs?.logo_path ? `${publicUrl}${prefs.logo_path}` : null,
    timeZone: prefs?.time_zone ?? null,
  };
}
