import { stripeKeysOf } from './payment-settings.repo.js';
import type { PaymentDeps } from './payment-settings.service.js';
import { stripeFor } from './stripe-client.js';

/** What the client is told when Stripe sends them back (issue 36). */
export type PaymentReturn =
  { kind: 'received' | 'processing'; amount_cents: number } | { kind: 'not_paid' };

/** A Checkout Session id as Stripe makes them; anything else is not looked up. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,200}$/;

/**
 * What came of the client's visit to Checkout, for the page they return to. Our record (from
 * Stripe's signed event) answers first; when the event has not arrived yet, Stripe's own word on
 * the session is shown, and nothing is recorded from it: a payment is recorded only from the
 * event. Null for a session that is not one of this contract's.
 */
export async function paymentReturnOf(
  deps: PaymentDeps,
  contractId: number,
  returned: string,
): Promise<PaymentReturn | null> {
  if (returned === 'canceled') return { kind: 'not_paid' };
  if (!SESSION_ID.test(returned)) return null;
  const made = await deps.db
    .selectFrom('checkout_sessions')
    .leftJoin('payments', 'payments.checkout_session_id', 'checkout_sessions.id')
    .select(['checkout_sessions.amount_cents', 'checkout_sessions.company_id', 'payments.status'])
    .where('checkout_sessions.id', '=', returned)
    .where('checkout_sessions.contract_id', '=', contractId)
    .executeTakeFirst();
  if (!made) return null;
  const amount_cents = made.amount_cents;
  if (made.status === 'paid' || made.status === 'partly_refunded') {
    return { kind: 'received', amount_cents };
  }
  if (made.status === 'processing') return { kind: 'processing', amount_cents };
  const keys = await stripeKeysOf(deps.db, made.company_id, deps.mailSealer);
  if (!keys) return { kind: 'not_paid' };
  try {
    const session = await stripeFor(keys.secretKey, deps.config).checkout.sessions.retrieve(
      returned,
    );
    if (session.payment_status === 'paid') return { kind: 'received', amount_cents };
    if (session.status === 'complete') return { kind: 'processing', amount_cents };
  } catch {
    // Stripe out of reach: the page says what our record says, and the receipt mail will tell.
  }
  return { kind: 'not_paid' };
}
