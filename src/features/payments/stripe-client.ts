import Stripe from 'stripe';
import type { Config } from '../../config.js';

export type StripeApi = Stripe;
export type StripeEvent = Stripe.Event;
export type StripeCheckoutSession = Stripe.Checkout.Session;

/** Stripe answers Checkout and account calls in well under a second; a stuck call gives up. */
const STRIPE_TIMEOUT_MS = 15_000;

/**
 * The official library, acting for one company with its own key: money goes to the contractor's
 * account, never through us. STRIPE_API_BASE (tests only) points it at a stand-in.
 */
export function stripeFor(secretKey: string, config: Pick<Config, 'STRIPE_API_BASE'>): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    // One retry on a network error or a 5xx; creates carry an idempotency key, so a retry
    // never makes a second session.
    maxNetworkRetries: 1,
    appInfo: { name: 'TradeSign' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Stripe's webhook signature check, with no key needed: the library's own code. */
export const stripeWebhooks = Stripe.webhooks;
