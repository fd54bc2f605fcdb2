import { z } from 'zod';
import { onlineMethodSchema } from '../../domain/payment-settings.schemas.js';

/** The events a company's Stripe webhook endpoint must send (the screen lists them to pick). */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
] as const;

// The input lives in src/domain, where the web form validates with it too.
export {
  onlineMethodSchema,
  paymentSettingsInputSchema,
  type PaymentSettingsInput,
} from '../../domain/payment-settings.schemas.js';

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
