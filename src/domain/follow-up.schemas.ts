import { z } from 'zod';

/** The calls of a contract after sending (issue 17): remind, extend, void, revise, decline. */

const reason = (least: number, most: number, what: string) =>
  z
    .string({ error: `Please give a reason for ${what}` })
    .trim()
    .min(least, `The reason needs at least ${least} characters`)
    .max(most, `The reason can have at most ${most.toLocaleString('en-US')} characters`);

/** POST /api/contracts/:id/void: the reason the client is emailed. */
export const voidInputSchema = z.object({ reason: reason(3, 500, 'withdrawing the contract') });
export const VOID_REASON_MAX = 500;

/** POST /api/esign/:token/decline: the reason the contractor is emailed. */
export const DECLINE_REASON_MIN = 3;
export const DECLINE_REASON_MAX = 1000;
export const declineInputSchema = z.object({
  reason: reason(DECLINE_REASON_MIN, DECLINE_REASON_MAX, 'declining'),
});

/** POST /api/contracts/:id/extend: a fresh link that works this many more days. */
export const extendInputSchema = z.object({
  days: z
    .number({ error: 'Enter a number of days' })
    .int('Whole days only')
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days'),
});

/** A signer a reminder or a new link was emailed to (issue 37). */
export const mailedSignerSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

export const remindResultSchema = z.object({
  id: z.number(),
  reminded_at: z.string(),
  /** Which reminder this was (1, 2, ...), counting automatic ones. */
  reminder: z.number(),
  /** Whom it went to: every signer who was sent a link and has not signed. */
  to: z.array(mailedSignerSchema),
  remind_allowed_at: z.string(),
});

export const extendResultSchema = z.object({
  id: z.number(),
  status: z.literal('sent'),
  expires_at: z.string(),
});

export const voidResultSchema = z.object({
  id: z.number(),
  status: z.literal('voided'),
  closed_at: z.string(),
});

export const reviseResultSchema = z.object({ id: z.number() });

export const declineResultSchema = z.object({
  status: z.literal('declined'),
  closed_at: z.string(),
});
