import { z } from 'zod';
import { contractIdSchema, MAX_STAGES } from './contracts.schemas.js';
import {
  ONLINE_PAYMENT_METHODS,
  RECORDED_PAYMENT_METHODS,
  STAGE_PAYMENT_STATUSES,
} from './payments.js';

/**
 * The later stages of a payment plan (issue 36): what each stage's payment is, the request that
 * mails the client a link to pay it, and money the contractor took by hand. Shared by the REST
 * routes, their tRPC twins and the contract page's form.
 */

/** A stage's position in the plan, from 0 (a path segment on REST, a number on tRPC). */
export const stageIndexSchema = z.coerce
  .number({ error: 'The stage must be a number' })
  .int('The stage is a whole number, from 0')
  .min(0, 'The stage is a whole number, from 0')
  .max(MAX_STAGES - 1, `A plan has at most ${MAX_STAGES} stages`);

/** A stage of a contract: the REST path's `:id` and `:stage`, a tRPC call's input. */
export const contractStageSchema = z.object({
  id: contractIdSchema,
  stage: stageIndexSchema.meta({
    description: "The stage's position in the payment plan, from 0.",
  }),
});

export const stagePaymentSchema = z.object({
  label: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(STAGE_PAYMENT_STATUSES),
  /** When the money came in (a recorded payment: the day the contractor gave). */
  paid_at: z.string().nullable(),
  method: z.enum([...ONLINE_PAYMENT_METHODS, ...RECORDED_PAYMENT_METHODS]).nullable(),
  /** When the client was last emailed a link to pay this stage; null: never. */
  requested_at: z.string().nullable(),
  refunded_cents: z.number().int(),
  /** A payment recorded by hand may be undone until then; null for anything else. */
  can_undo_until: z.string().nullable(),
});
export type StagePayment = z.infer<typeof stagePaymentSchema>;

export const stagePaymentsSchema = z.object({
  stages: z.array(stagePaymentSchema),
  /** Paid so far, net of refunds; bank payments count once they clear. */
  paid_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type StagePayments = z.infer<typeof stagePaymentsSchema>;

export const RECORD_NOTE_MAX = 500;

/** POST /api/contracts/:id/payments/:stage/record: money taken by hand. */
export const recordPaymentInputSchema = z.object({
  method: z.enum(RECORDED_PAYMENT_METHODS, {
    error: 'Choose how it was paid: cash, check or other',
  }),
  /** The day it was paid (YYYY-MM-DD), on the company's calendar; never after today. */
  paid_at: z.iso.date({ error: 'Give the day it was paid, as YYYY-MM-DD' }),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(RECORD_NOTE_MAX, `The note can have at most ${RECORD_NOTE_MAX} characters`)
    .optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

/** A recorded payment can be undone for this long after it was recorded. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A payment link works this long after the request mailed it. */
export const PAYMENT_LINK_DAYS = 30;

/** POST /api/pay/:token: Stripe's Checkout page for the stage the link asks for. */
export const payLinkAnswerSchema = z.object({ url: z.string() });
