import { z } from 'zod';
import { personRefSchema } from './contracts.schemas.js';

/**
 * Signed webhooks (issue 19, docs/decisions/025): what a contractor registers, and what the
 * settings screen and the REST facade show of endpoints and deliveries. Field names are the
 * API's snake_case.
 */
export const WEBHOOK_EVENT_TYPES = [
  'contract.sent',
  'contract.viewed',
  // Issue 37: one signer signed, with the signer in `data.signer`; before `contract.signed`.
  'contract.signer_signed',
  'contract.signed',
  'contract.completed',
  'contract.declined',
  'contract.voided',
  'contract.expired',
  // Issue 36: a stage's payment, with the payment in `data.payment`.
  'payment.succeeded',
  'payment.processing',
  'payment.failed',
  'payment.refunded',
  // Issue 38: a change order's steps, with the change order in `data.change_order`.
  'change_order.sent',
  'change_order.signed',
  'change_order.declined',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Enough for a CRM, a scheduler and an automation tool; a runaway script cannot add hundreds. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/**
 * The receiver's address. Whether plain http:// and private addresses are allowed depends on the
 * server's configuration, so the service checks that (and where the name points) at save.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Keep the URL under 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter the full https:// address of your receiver' }));

/** At least one event; each once, in the list's order whatever order they came in. */
export const webhookEventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Pick at least one event')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const createWebhookInputSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});

export const webhookIdSchema = z.coerce
  .number({ error: 'Webhook id must be a number' })
  .int('Webhook id must be a whole number')
  .positive('Webhook id must be a whole number');

export const webhookDeliveryIdSchema = z.coerce
  .number({ error: 'Delivery id must be a number' })
  .int('Delivery id must be a whole number')
  .positive('Delivery id must be a whole number');

/** `/api/webhooks/:id` and its tRPC twins. */
export const webhookByIdSchema = z.object({ id: webhookIdSchema });

/** `/api/webhooks/:id/deliveries/:deliveryId/redeliver` and its tRPC twin. */
export const redeliverWebhookInputSchema = z.object({
  id: webhookIdSchema,
  delivery_id: webhookDeliveryIdSchema,
});

/** An endpoint as the list shows it: never its secret. */
export const webhookEndpointSummarySchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  created_at: z.string(),
  /** Set when the receiver answered 410 Gone; nothing more is sent to it. */
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  /** The name of the API key that registered it, if one did: revoking that key stops it. */
  created_by_key: z.string().nullable(),
});

/** The answer to creating an endpoint: the only time its secret is shown. */
export const createdWebhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  secret: z.string(),
});

/** A new secret, shown once; the previous one keeps signing until `previous_secret_expires_at`. */
export const rotatedWebhookSecretSchema = z.object({
  id: z.number(),
  secret: z.string(),
  previous_secret_expires_at: z.string(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

/** One event sent (or being sent) to one endpoint, as the settings screen lists it. */
export const webhookDeliverySummarySchema = z.object({
  id: z.number(),
  event_type: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last HTTP status; null before an answer (or when none came). */
  last_status_code: z.number().nullable(),
  /** Why the last try failed, in a few words (a timeout, a refused address); never the answer. */
  last_error: z.string().nullable(),
  /** When the next try is due while pending; null once it succeeded or failed for good. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});

export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;
export type WebhookEndpointSummary = z.infer<typeof webhookEndpointSummarySchema>;
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummarySchema>;

/**
 * A contract as every webhook carries it: its id, status, client name, total and the time of
 * each step it has taken (null for steps it has not). Never a signing link, a session, a mail
 * or a signature image.
 */
export const webhookContractSchema = z.object({
  id: z.number(),
  status: z.string(),
  client_name: z.string().nullable(),
  total_price_cents: z.number().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The client's first opening. */
  viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  /** While sent or expired: when the newest signing link stops (or stopped) working. */
  expires_at: z.string().nullable(),
  /** Who of the company wrote it, and who signed and sent it (issue 35). */
  created_by: personRefSchema.nullable(),
  sent_by: personRefSchema.nullable(),
});

/** A stage's payment, as the payment.* events carry it (issue 36); never a card or a bank detail. */
export const webhookPaymentSchema = z.object({
  id: z.number(),
  stage: z.number().describe("The stage's position in the plan, from 0"),
  label: z.string(),
  amount_cents: z.number(),
  refunded_cents: z.number(),
  currency: z.literal('usd'),
  status: z.enum(['processing', 'paid', 'failed', 'refunded', 'partly_refunded']),
  method: z.enum(['card', 'us_bank_account', 'cash', 'check', 'other']),
  paid_at: z.string().nullable(),
});
export type WebhookPayment = z.infer<typeof webhookPaymentSchema>;

/** One of the contract's signers, as contract.signer_signed carries them (issue 37). */
export const webhookSignerSchema = z.object({
  id: z.number(),
  position: z.number().describe('1 is the client of record; signers are numbered in order'),
  name: z.string(),
  email: z.string(),
  signed_at: z.string().nullable(),
  /** How many of the contract's signers have signed, this one included, and how many sign. */
  signed_count: z.number(),
  signer_count: z.number(),
});
export type WebhookSigner = z.infer<typeof webhookSignerSchema>;

/** A change order, as the change_order.* events carry it (issue 38); `data.contract` is its row. */
export const webhookChangeOrderSchema = z.object({
  id: z.number(),
  number: z.number(),
  /** The contract it changes. */
  contract_id: z.number(),
  price_change_cents: z.number(),
  /** The contract's total once it is signed. */
  sum_after_cents: z.number(),
});
export type WebhookChangeOrder = z.infer<typeof webhookChangeOrderSchema>;

/** The JSON body of every webhook, in the Standard Webhooks shape `{type, timestamp, data}`. */
export const webhookPayloadSchema = z.object({
  type: webhookEventTypeSchema,
  timestamp: z.string(),
  data: z.object({
    contract: webhookContractSchema,
    /** The sealed PDF, fetched with an API key, once it exists; null before. */
    executed_pdf_url: z.string().nullable(),
    /** payment.* events only. */
    payment: webhookPaymentSchema.optional(),
    /** contract.signer_signed only. */
    signer: webhookSignerSchema.optional(),
    /** change_order.* only. */
    change_order: webhookChangeOrderSchema.optional(),
  }),
});

export type WebhookContract = z.infer<typeof webhookContractSchema>;
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
