import { messagesFor } from '../../domain/i18n/catalogue.js';
import { languageOr, type Language } from '../../domain/i18n/languages.js';
import { AppError } from '../../lib/app-error.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import type { RequestClient } from '../sessions/request-context.js';
import { checkoutForStage } from '../payments/checkout.service.js';
import { holdingPayments, stagesOf } from '../payments/ledger.js';
import { paymentReturnOf, type PaymentReturn } from '../payments/payment-return.js';
import type { StagePaymentsDeps } from '../payments/stage-payments.service.js';
import { clientOf } from '../payments/stage-to-collect.js';
import { liveRequestOf, type LiveRequest } from './payment-links.js';

const MINUTE_MS = 60_000;

/**
 * Per address, as the signing page's (src/features/esign/esign.service.ts): openings (a client
 * reloads; a guesser of links does not get far), and taps on Pay.
 */
export const payLinkRateLimits = {
  view: { limit: 60, windowMs: MINUTE_MS },
  pay: { limit: 20, windowMs: 10 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

/** What the payment page shows of the contract and the stage it asks for. */
export interface PayView {
  contractId: number;
  company: string | null;
  companyPhone: string | null;
  companyEmail: string | null;
  clientName: string | null;
  stageLabel: string;
  amountCents: number;
  language: Language;
}

/** What a payment link leads to. */
export type PayPageState =
  /** Unknown, malformed or expired link. */
  | { kind: 'invalid' }
  /** Too many openings from this address (busy), or the server failing: the link may be fine. */
  | { kind: 'unavailable'; busy: boolean }
  /** Still to pay; `problem` says why the last tap did not reach Checkout. */
  | { kind: 'due'; view: PayView; problem?: string }
  /** A payment holds the stage: paid, or a bank payment on its way. */
  | { kind: 'paid' | 'processing'; view: PayView }
  /** Back from Checkout: what came of it. */
  | { kind: 'returned'; view: PayView; outcome: PaymentReturn };

function viewOf(request: LiveRequest): PayView {
  const stage = stagesOf(request.payment_plan_json)[request.stage_index];
  return {
    contractId: request.id,
    company: request.company_name,
    companyPhone: request.company_phone,
    companyEmail: request.company_email,
    clientName: clientOf(request).name,
    stageLabel: stage?.label ?? `Stage ${request.stage_index + 1}`,
    amountCents: stage?.amount_cents ?? 0,
    language: languageOr(request.language),
  };
}

/** Where Stripe sends the client back: the payment link, told how it went. */
export function payReturnUrls(publicUrl: string, token: string) {
  const page = `${publicUrl}/pay/${encodeURIComponent(token)}`;
  return { success: `${page}?paid={CHECKOUT_SESSION_ID}`, cancel: `${page}?paid=canceled` };
}

/**
 * GET /pay/:token (issue 36): the stage the link asks for and whether it is paid. `returned` is
 * the `paid` the page was sent back with: our record (Stripe's signed event) answers first, then
 * Stripe's word on the session; nothing is recorded from the browser coming back.
 */
export async function payPageStateOf(
  deps: StagePaymentsDeps,
  token: string,
  client: RequestClient,
  returned: string | undefined,
): Promise<PayPageState> {
  const now = deps.clock();
  await enforceRateLimits(
    deps.db,
    [{ key: `pay-view:ip:${client.ip}`, rule: payLinkRateLimits.view }],
    now,
  );
  const request = await liveRequestOf(deps.db, token, now);
  if (!request) return { kind: 'invalid' };
  const view = viewOf(request);
  const held = (await holdingPayments(deps.db, request.id)).get(request.stage_index);
  const outcome = returned ? await paymentReturnOf(deps, request.id, returned) : null;
  // "Not paid yet" only while nothing holds the stage: a stage paid meanwhile says paid.
  if (outcome && (outcome.kind !== 'not_paid' || !held)) return { kind: 'returned', view, outcome };
  if (held) return { kind: held.status === 'processing' ? 'processing' : 'paid', view };
  return { kind: 'due', view };
}

/**
 * POST /api/pay/:token and the page's form: a Checkout Session for the stage (checkoutForStage
 * reuses an open one, so a double tap makes one), its return URLs back to the link. 404 for a link
 * that no longer works, 409 once the stage is paid, both in the client's language.
 */
export async function payByLink(
  deps: StagePaymentsDeps,
  token: string,
  client: RequestClient,
): Promise<{ url: string }> {
  const now = deps.clock();
  await enforceRateLimits(
    deps.db,
    [{ key: `pay:ip:${client.ip}`, rule: payLinkRateLimits.pay }],
    now,
  );
  const request = await liveRequestOf(deps.db, token, now);
  if (!request) throw new AppError('NOT_FOUND', messagesFor('en').payments.linkInvalid);
  const language = languageOr(request.language);
  if ((await holdingPayments(deps.db, request.id)).has(request.stage_index)) {
    throw new AppError('CONFLICT', messagesFor(language).payments.alreadyPaid);
  }
  return checkoutForStage(
    deps,
    {
      id: request.id,
      company_id: request.company_id,
      payment_plan_json: request.payment_plan_json,
      client_email: clientOf(request).email,
      language,
    },
    request.stage_index,
    payReturnUrls(deps.config.PUBLIC_URL, token),
  );
}
