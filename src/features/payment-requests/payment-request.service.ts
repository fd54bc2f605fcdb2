import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StagePayments } from '../../domain/stage-payments.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { inClientMailTransaction } from '../follow-up/client-mail-limit.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderPaymentRequestMail } from '../mail/templates/index.js';
import { refreshPaymentSummary } from '../payments/ledger.js';
import { stripeKeysOf } from '../payments/payment-settings.repo.js';
import type { ContractForPayments } from '../payments/stage-payments.repo.js';
import { paymentsAnswer, type StagePaymentsDeps } from '../payments/stage-payments.service.js';
import { clientOf, refuseHeldStage, stageToCollect } from '../payments/stage-to-collect.js';
import type { Actor } from '../sessions/request-context.js';
import { createPaymentRequest } from './payment-links.js';

/**
 * "Request payment" (issue 36): a feature of its own above the parts it draws on (the payments'
 * ledger and Checkout, the link's token, the client mail budget of follow-up/), as sending is;
 * its procedure joins payments.* through mergeRouters.
 */

export const STRIPE_NOT_CONNECTED =
  'Connect Stripe in Settings → Payments to request payments online';

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
  const { contract, stage } = await stageToCollect(deps.db, companyId, contractId, stageIndex);
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
