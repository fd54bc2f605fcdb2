/**
 * Getting paid (issue 36, docs/decisions/046): what a stage of the payment plan can be, how it
 * was paid, and what the client is told is due. Shared by the server and the web app.
 */

/** What a payment row is; a stage's status is its holding payment's, or requested or unpaid. */
export const PAYMENT_ROW_STATUSES = [
  'processing',
  'paid',
  'failed',
  'refunded',
  'partly_refunded',
] as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

export const STAGE_PAYMENT_STATUSES = [
  'unpaid',
  'requested',
  'processing',
  'paid',
  'refunded',
  'partly_refunded',
] as const;
export type StagePaymentStatus = (typeof STAGE_PAYMENT_STATUSES)[number];

/** The payments that hold a stage: a second one is refused (payments_one_per_stage). */
export const HOLDING_PAYMENT_STATUSES = ['processing', 'paid', 'partly_refunded'] as const;

/** What Checkout may offer: card, and US bank account (ACH), for large amounts. */
export const ONLINE_PAYMENT_METHODS = ['card', 'us_bank_account'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/** Money taken by hand and recorded by the contractor. */
export const RECORDED_PAYMENT_METHODS = ['cash', 'check', 'other'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

export type PaymentMethod = OnlinePaymentMethod | RecordedPaymentMethod;

/** The stage collected when the client signs: the first, when it says so. */
export function depositStageIndex(
  stages: readonly { collect_at_signing?: boolean | undefined; amount_cents: number }[] | null,
): number | null {
  const first = stages?.[0];
  return first?.collect_at_signing === true && first.amount_cents > 0 ? 0 : null;
}

/** The trigger that lets the first stage be collected online at signing. */
export const AT_SIGNING_TRIGGER = 'At signing';

/**
 * Whether a stage's trigger means "At signing" (issue 36): as typed, trimmed, in any case. Only
 * then may the first stage be collected online when the client signs.
 */
export function isAtSigningTrigger(trigger: string): boolean {
  return trigger.trim().toLowerCase() === AT_SIGNING_TRIGGER.toLowerCase();
}
