import { z } from 'zod';
import { ONLINE_PAYMENT_METHODS } from './payments.js';

/**
 * What an owner sends to connect Stripe (issue 36): one schema for the REST route, its tRPC
 * twin and the form in Settings → Payments, so the form says under each field what the server
 * would refuse, in the same words.
 */

export const onlineMethodSchema = z.enum(ONLINE_PAYMENT_METHODS, {
  error: 'Methods are card and us_bank_account',
});

export const methodsSchema = z
  .array(onlineMethodSchema, { error: 'methods must be a list' })
  .min(1, 'Offer at least one way to pay')
  .refine((methods) => new Set(methods).size === methods.length, 'Each method once');

/** sk_ (secret) or rk_ (restricted) keys; a pk_ key is the one people paste by mistake. */
export const secretKeySchema = z
  .string({ error: 'stripe_secret_key must be text' })
  .trim()
  .max(300, 'That is not a Stripe key')
  .refine(
    (key) => key === '' || !key.startsWith('pk_'),
    'That is a publishable key (pk_…). Paste the secret key (sk_…) or a restricted key (rk_…).',
  )
  .refine(
    (key) => key === '' || /^(sk|rk)_(test|live)_[A-Za-z0-9]{10,}$/.test(key),
    'A Stripe secret key starts with sk_live_, sk_test_, rk_live_ or rk_test_',
  );

export const webhookSecretSchema = z
  .string({ error: 'stripe_webhook_secret must be text' })
  .trim()
  .max(300, 'That is not a webhook signing secret')
  .refine(
    (secret) => secret === '' || /^whsec_[A-Za-z0-9+/=]{10,}$/.test(secret),
    "A webhook signing secret starts with whsec_ (Stripe shows it under the endpoint's Signing secret)",
  );

/** Keys left out stay as they are; an empty one disconnects. */
export const paymentSettingsInputSchema = z.object({
  stripe_secret_key: secretKeySchema.optional(),
  stripe_webhook_secret: webhookSecretSchema.optional(),
  methods: methodsSchema.optional(),
  receipt_alerts_enabled: z
    .boolean({ error: 'receipt_alerts_enabled must be true or false' })
    .optional(),
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInputSchema>;
