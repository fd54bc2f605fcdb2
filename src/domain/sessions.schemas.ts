import { z } from 'zod';

/**
 * The account's signed-in devices (issue 34), for Settings → Security and GET /api/auth/sessions.
 * A session's id is the lookup half of its cookie: on its own it signs nobody in (the secret
 * half is checked against a hash, src/features/sessions/session-token.ts).
 */
export const sessionIdSchema = z.string().regex(/^[a-z2-7]{16}$/, 'Unknown session');

export const sessionSummarySchema = z.object({
  id: z.string(),
  /** The browser and system in words ("Chrome on Android"). */
  device: z.string(),
  /** The network address it signed in from; null when no browser asked (a command line). */
  address: z.string().nullable(),
  created_at: z.string(),
  /** When it was last used, to the hour: a session notes its use at most hourly. */
  last_seen_at: z.string(),
  /** True for the session that asks: this device. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const revokeSessionInputSchema = z.object({ id: sessionIdSchema });

export const revokedOthersAnswerSchema = z.object({
  ok: z.literal(true),
  /** How many other devices were signed out. */
  signed_out_sessions: z.number().int(),
});
