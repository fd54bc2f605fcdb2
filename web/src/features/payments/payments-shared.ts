import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../src/app/app-router';
import type { OnlinePaymentMethod } from '@domain/payments';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export type PaymentSettings = inferRouterOutputs<AppRouter>['payments']['settings'];
export type StripeEventType = PaymentSettings['webhook_events'][number];

/** The methods as the owner picks them; ACH's line says why and what it costs in time. */
export const METHOD_CHOICES: { value: OnlinePaymentMethod; label: string; description: string }[] =
  [
    { value: 'card', label: 'Card', description: 'Paid at once' },
    {
      value: 'us_bank_account',
      label: 'US bank account (ACH)',
      description:
        'Contractors prefer it for large amounts (lower fees); it takes a few days to clear.',
    },
  ];

/** What each event Stripe must send tells TradeSign, next to the name to pick in Stripe. */
export const STRIPE_EVENT_WORDS: Record<StripeEventType, string> = {
  'checkout.session.completed': 'The client finished paying (or started a bank payment)',
  'checkout.session.async_payment_succeeded': 'A bank payment cleared',
  'checkout.session.async_payment_failed': 'A bank payment failed',
  'charge.refunded': 'You refunded a payment in Stripe',
};

/**
 * Why a call about Stripe failed, in words. A 502 from our own server says Stripe could not be
 * reached: that sentence is Stripe's problem, not ours, so it is shown as sent rather than as
 * "something went wrong on our side" (which errorMessage says of every 5xx).
 */
export function stripeProblem(error: unknown): string {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  if (code === 'BAD_GATEWAY' && error instanceof Error && error.message) return error.message;
  return errorMessage(error, 'Please try again');
}

/** The form's field a server refusal names ("stripe_secret_key: …"), and its sentence. */
export function fieldOfRefusal(
  message: string,
): { field: 'stripe_secret_key' | 'stripe_webhook_secret' | 'methods'; message: string } | null {
  const match = /^(stripe_secret_key|stripe_webhook_secret|methods)(?:\.\d+)?: (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return null;
  return {
    field: match[1] as 'stripe_secret_key' | 'stripe_webhook_secret' | 'methods',
    message: match[2],
  };
}

/** Puts a fresh answer in the cache: this page and the wizard's switch read it. */
export function useSettingsAnswer() {
  const queryClient = useQueryClient();
  return (settings: PaymentSettings) =>
    queryClient.setQueryData(trpc.payments.settings.queryKey(), settings);
}
