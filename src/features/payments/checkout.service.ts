import { messagesFor } from '../../domain/i18n/catalogue.js';
import type { Language } from '../../domain/i18n/languages.js';
import { depositStageIndex } from '../../domain/payments.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { holdingPayments, stagesOf } from './ledger.js';
import { stripeKeysOf } from './payment-settings.repo.js';
import type { PaymentDeps } from './payment-settings.service.js';
import { stripeFor } from './stripe-client.js';

/** Checkout Sessions expire after 24 hours (Stripe allows 30 minutes to 24 hours). */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An open session is reused only with time left to pay in it. */
const REUSE_MARGIN_MS = 30 * 60 * 1000;

export const ONLINE_PAYMENT_OFF = 'Online payment is not set up for this contract.';
export const STAGE_ALREADY_PAID = 'This payment is already made.';

/** The contract a payment is for, as the signing link or the payment link found it. */
export interface PayableContract {
  id: number;
  company_id: CompanyId;
  payment_plan_json: string | null;
  client_email: string | null;
  language: Language;
}

/** Where Stripe sends the client back: the page they came from. */
export interface ReturnUrls {
  success: string;
  cancel: string;
}

/**
 * A Stripe Checkout Session for one stage (issue 36): one line, "Contract #12, Stage 1: Deposit",
 * the stage's exact cents in USD, the client's email, the company's methods, metadata naming the
 * company, contract and stage, expiring in 24 hours. A double tap makes one session: an open one
 * with time left is reused, and a new one is created under an idempotency key that two taps at
 * once share (the count of sessions made so far), so Stripe itself answers both with one session.
 */
export async function checkoutForStage(
  deps: PaymentDeps,
  contract: PayableContract,
  stageIndex: number,
  returnTo: ReturnUrls,
): Promise<{ url: string }> {
  const stage = stagesOf(contract.payment_plan_json)[stageIndex];
  const keys = await stripeKeysOf(deps.db, contract.company_id, deps.mailSealer);
  if (!stage || stage.amount_cents <= 0 || !keys) {
    throw new AppError('CONFLICT', ONLINE_PAYMENT_OFF);
  }
  if ((await holdingPayments(deps.db, contract.id)).has(stageIndex)) {
    throw new AppError('CONFLICT', STAGE_ALREADY_PAID);
  }
  const now = deps.clock();
  const made = await deps.db
    .selectFrom('checkout_sessions')
    .select(['id', 'url', 'expires_at', 'amount_cents'])
    .where('contract_id', '=', contract.id)
    .where('stage_index', '=', stageIndex)
    .orderBy('created_at', 'desc')
    .execute();
  const stripe = stripeFor(keys.secretKey, deps.config);
  const latest = made[0];
  try {
    if (
      latest &&
      latest.amount_cents === stage.amount_cents &&
      Date.parse(latest.expires_at) - now.getTime() > REUSE_MARGIN_MS &&
      (await stripe.checkout.sessions.retrieve(latest.id)).status === 'open'
    ) {
      return { url: latest.url };
    }
    const words = messagesFor(contract.language).payments;
    const deposit = depositStageIndex(stagesOf(contract.payment_plan_json)) === stageIndex;
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: stage.amount_cents,
              product_data: { name: words.lineItem(contract.id, stage.label, deposit) },
            },
          },
        ],
        ...(contract.client_email ? { customer_email: contract.client_email } : {}),
        allowed_payment_method_types: keys.methods,
        metadata: {
          tradesign_company: String(contract.company_id),
          tradesign_contract: String(contract.id),
          tradesign_stage: String(stageIndex),
        },
        locale: contract.language,
        success_url: returnTo.success,
        cancel_url: returnTo.cancel,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
      },
      { idempotencyKey: `tradesign-${contract.id}-${stageIndex}-${made.length + 1}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    await deps.db
      .insertInto('checkout_sessions')
      .values({
        id: session.id,
        company_id: contract.company_id,
        contract_id: contract.id,
        stage_index: stageIndex,
        amount_cents: stage.amount_cents,
        url: session.url,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return { url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client cannot fix the contractor's Stripe account: the page says to try again, and
    // the log says why.
    throw Object.assign(
      new AppError('BAD_GATEWAY', messagesFor(contract.language).payments.couldNotOpen),
      { cause: error },
    );
  }
}
