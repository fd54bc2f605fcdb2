import { z } from 'zod';
import {
  ONLINE_PAYMENT_METHODS,
  RECORDED_PAYMENT_METHODS,
  STAGE_PAYMENT_STATUSES,
} from '../../domain/payments.js';

/** The events a company's Stripe webhook endpoint must send (the screen lists them to pick). */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
] as const;

export const onlineMethodSchema = z.enum(ONLINE_PAYMENT_METHODS, {
  error: 'Methods are card and us_bank_account',
});

const methodsSchema = z
  .array(onlineMethodSchema, { error: 'methods must be a list' })
  .min(1, 'Offer at least one way to pay')
  .refine((methods) => new Set(methods).size === methods.length, 'Each method once');

/** sk_ (secret) or rk_ (restricted) keys; a pk_ key is the one people paste by mistake. */
const secretKeySchema = z
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

const webhookSecretSchema = z
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

export const paymentSettingsSchema = z.object({
  connected: z.boolean().describe('Both the secret key and the webhook signing secret are saved'),
  stripe_secret_key: z.string().nullable().describe('Masked: sk_live_…4242'),
  stripe_webhook_secret: z.string().nullable().describe('Masked: whsec_…abcd'),
  methods: z.array(onlineMethodSchema),
  webhook_url: z.string().describe("Paste into Stripe's webhook endpoint"),
  webhook_events: z.array(z.enum(STRIPE_EVENT_TYPES)).describe('The events to pick in Stripe'),
  account_name: z.string().nullable().describe('As the last Test connection read it'),
  receipt_alerts_enabled: z.boolean().describe('The contractor is mailed "Payment received"'),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const connectionTestSchema = z.object({
  ok: z.literal(true),
  account_name: z.string(),
  live: z.boolean().describe('A live key (real money), not a test key'),
});

export const stagePaymentStatusSchema = z.enum(STAGE_PAYMENT_STATUSES);
export const recordedMethodSchema = z.enum(RECORDED_PAYMENT_METHODS, {
  error: 'method must be cash, check or other',
});
