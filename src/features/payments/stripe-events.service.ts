import { inCompanyLock } from '../../db/account-lock.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { insertStagePayment, refreshPaymentSummary, stagesOf } from './ledger.js';
import { alertPaidTwice, announcePayment, type PaymentNoticeDeps } from './payment-notices.js';
import { stripeKeysOfHook } from './payment-settings.repo.js';
import { stripeWebhooks, type StripeCheckoutSession, type StripeEvent } from './stripe-client.js';

export const BAD_SIGNATURE = 'The Stripe-Signature header does not match this endpoint';
const UNKNOWN_HOOK = 'Unknown payment webhook';

/** What came of an event: recorded once with it, and logged when refused. */
export interface EventOutcome {
  outcome: string;
  /** Set when the event was refused: why, for the log. */
  refused?: string;
}

/**
 * Stripe's events for one company (issue 36, docs/decisions/046). A payment is recorded only
 * from here, never from the browser coming back. The signature is checked with the library and
 * the company's signing secret (a bad one: 400, nothing changes); each event id is processed once
 * (the event's row and its effect commit together); an event whose session is not one of this
 * company's, or whose amount, currency, contract or stage does not match, changes nothing.
 */
export async function receiveStripeEvent(
  deps: PaymentNoticeDeps,
  hookId: string,
  payload: string,
  signature: string | undefined,
): Promise<EventOutcome> {
  const keys = await stripeKeysOfHook(deps.db, hookId, deps.mailSealer);
  if (!keys) throw new AppError('NOT_FOUND', UNKNOWN_HOOK);
  let event: StripeEvent;
  try {
    event = stripeWebhooks.constructEvent(payload, signature ?? '', keys.webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST', BAD_SIGNATURE);
  }
  const now = deps.clock();
  return inCompanyLock(deps.db, keys.companyId, async (trx) => {
    const first = await trx
      .insertInto('stripe_events')
      .values({
        company_id: keys.companyId,
        event_id: event.id,
        type: event.type,
        outcome: 'processing',
        received_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['company_id', 'event_id']).doNothing())
      .executeTakeFirst();
    if (Number(first.numInsertedOrUpdatedRows ?? 0) === 0) return { outcome: 'duplicate' };
    const result = await applyEvent(trx, deps, keys.companyId, event, now);
    await trx
      .updateTable('stripe_events')
      .set({ outcome: result.refused ? `refused: ${result.refused}` : result.outcome })
      .where('company_id', '=', keys.companyId)
      .where('event_id', '=', event.id)
      .execute();
    return result;
  });
}

async function applyEvent(
  trx: DbOrTrx,
  deps: PaymentNoticeDeps,
  companyId: CompanyId,
  event: StripeEvent,
  now: Date,
): Promise<EventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      return sessionCompleted(trx, deps, companyId, event.data.object, now);
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return bankPaymentSettled(
        trx,
        deps,
        companyId,
        event.data.object,
        event.type.endsWith('succeeded') ? 'paid' : 'failed',
        now,
      );
    case 'charge.refunded':
      return chargeRefunded(trx, deps, companyId, event.data.object, now);
    default:
      return { outcome: 'ignored' };
  }
}

/**
 * The session as we made it, checked against what Stripe says was paid: ours (this company's),
 * the same contract and stage in its metadata, the stage's amount in USD.
 */
async function ourSession(trx: DbOrTrx, companyId: CompanyId, session: StripeCheckoutSession) {
  const made = await trx
    .selectFrom('checkout_sessions')
    .innerJoin('contracts', 'contracts.id', 'checkout_sessions.contract_id')
    .select([
      'checkout_sessions.contract_id',
      'checkout_sessions.stage_index',
      'checkout_sessions.amount_cents',
      'contracts.payment_plan_json',
    ])
    .where('checkout_sessions.id', '=', session.id)
    .where('checkout_sessions.company_id', '=', companyId)
    .where('contracts.company_id', '=', companyId)
    .executeTakeFirst();
  if (!made) return { refused: 'not a Checkout Session of this company' } as const;
  const stage = stagesOf(made.payment_plan_json)[made.stage_index];
  const metadata = session.metadata ?? {};
  if (
    metadata.tradesign_company !== String(companyId) ||
    metadata.tradesign_contract !== String(made.contract_id) ||
    metadata.tradesign_stage !== String(made.stage_index)
  ) {
    return { refused: "metadata does not name the session's contract and stage" } as const;
  }
  if (session.currency !== 'usd') return { refused: `currency ${session.currency}` } as const;
  if (session.amount_total !== made.amount_cents || stage?.amount_cents !== made.amount_cents) {
    return { refused: `amount ${session.amount_total} is not the stage's` } as const;
  }
  return { made } as const;
}

async function sessionCompleted(
  trx: DbOrTrx,
  deps: PaymentNoticeDeps,
  companyId: CompanyId,
  session: StripeCheckoutSession,
  now: Date,
): Promise<EventOutcome> {
  const checked = await ourSession(trx, companyId, session);
  if ('refused' in checked) return { outcome: 'refused', refused: checked.refused };
  const { made } = checked;
  // Card payments are paid when Checkout completes; a bank debit (ACH) completes unpaid and is
  // decided days later by async_payment_succeeded or _failed.
  const paid = session.payment_status === 'paid';
  const paymentId = await insertStagePayment(
    trx,
    {
      companyId,
      contractId: made.contract_id,
      stageIndex: made.stage_index,
      amountCents: made.amount_cents,
      status: paid ? 'paid' : 'processing',
      method: paid ? 'card' : 'us_bank_account',
      checkoutSessionId: session.id,
      paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : null,
      paidAt: paid ? now.toISOString() : null,
    },
    now,
  );
  if (paymentId === null) {
    // Two sessions paid for one stage: the contractor refunds one in Stripe's dashboard.
    await alertPaidTwice(
      trx,
      deps,
      {
        contractId: made.contract_id,
        stageIndex: made.stage_index,
        amountCents: made.amount_cents,
      },
      now,
    );
    return { outcome: 'refused', refused: 'the stage is already paid: refund this payment' };
  }
  await refreshPaymentSummary(trx, made.contract_id);
  await announcePayment(trx, deps, paymentId, paid ? 'succeeded' : 'processing', now);
  return { outcome: paid ? 'paid' : 'processing' };
}

async function bankPaymentSettled(
  trx: DbOrTrx,
  deps: PaymentNoticeDeps,
  companyId: CompanyId,
  session: StripeCheckoutSession,
  result: 'paid' | 'failed',
  now: Date,
): Promise<EventOutcome> {
  const checked = await ourSession(trx, companyId, session);
  if ('refused' in checked) return { outcome: 'refused', refused: checked.refused };
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'contract_id'])
    .where('checkout_session_id', '=', session.id)
    .where('company_id', '=', companyId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  if (!payment) return { outcome: 'refused', refused: 'no bank payment is processing for it' };
  await trx
    .updateTable('payments')
    .set({
      status: result,
      paid_at: result === 'paid' ? now.toISOString() : null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', payment.id)
    .execute();
  await refreshPaymentSummary(trx, payment.contract_id);
  await announcePayment(trx, deps, payment.id, result === 'paid' ? 'succeeded' : 'failed', now);
  return { outcome: result };
}

interface RefundedCharge {
  payment_intent?: string | { id: string } | null;
  amount: number;
  amount_refunded: number;
  currency: string;
}

async function chargeRefunded(
  trx: DbOrTrx,
  deps: PaymentNoticeDeps,
  companyId: CompanyId,
  charge: RefundedCharge,
  now: Date,
): Promise<EventOutcome> {
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const payment = intent
    ? await trx
        .selectFrom('payments')
        .select(['id', 'contract_id', 'amount_cents', 'refunded_cents'])
        .where('stripe_payment_intent_id', '=', intent)
        .where('company_id', '=', companyId)
        .where('status', 'in', ['paid', 'partly_refunded', 'refunded'])
        .executeTakeFirst()
    : undefined;
  if (!payment) return { outcome: 'refused', refused: 'no payment of this company for the charge' };
  if (charge.currency !== 'usd' || charge.amount !== payment.amount_cents) {
    return { outcome: 'refused', refused: "the charge's amount is not the payment's" };
  }
  const refunded = Math.min(charge.amount_refunded, payment.amount_cents);
  if (refunded <= payment.refunded_cents) return { outcome: 'unchanged' };
  const status = refunded >= payment.amount_cents ? 'refunded' : 'partly_refunded';
  await trx
    .updateTable('payments')
    .set({ status, refunded_cents: refunded, updated_at: now.toISOString() })
    .where('id', '=', payment.id)
    .execute();
  await refreshPaymentSummary(trx, payment.contract_id);
  await announcePayment(trx, deps, payment.id, 'refunded', now);
  return { outcome: status };
}
