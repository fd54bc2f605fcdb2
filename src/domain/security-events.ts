import { z } from 'zod';

/**
 * What the account's security log records (issue 34, docs/decisions/041). Each type has its words
 * in every catalogue (src/domain/i18n/<language>/security-events.ts): the type checker asks for
 * them when a type is added here. Failed sign-ins are recorded for existing accounts only, and
 * nothing here ever holds a token, a password or a code.
 */
export const SECURITY_EVENT_TYPES = [
  'account_created',
  'sign_in',
  'sign_in_failed',
  'two_factor_failed',
  'signed_out',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'email_change_requested',
  'email_changed',
  'email_verified',
  // Issue 34, who may sign up and the sign-in email: a verification link mailed again.
  'email_verification_resent',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_replaced',
  'recovery_code_used',
  'session_revoked',
  'other_sessions_revoked',
  // Issue 34 part A: a password change refused for a wrong current password.
  'password_change_failed',
  // Issue 35, the team: recorded under the person who acted, naming the other person.
  'team_invite_sent',
  'team_invite_canceled',
  'team_member_joined',
  'team_role_changed',
  'team_member_removed',
  // Issue 36: the company's Stripe connection changed (which parts, never the keys).
  'payment_settings_changed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The lines of the company's log: every owner sees them, whoever of the team acted. */
export const TEAM_SECURITY_EVENT_TYPES = [
  'team_invite_sent',
  'team_invite_canceled',
  'team_member_joined',
  'team_role_changed',
  'team_member_removed',
  'payment_settings_changed',
] as const satisfies readonly SecurityEventType[];

/**
 * A type this version knows. One written by a newer version (read after a rollback) is shown as
 * stored, never dropped, as the audit trail does (docs/decisions/021).
 */
export function isSecurityEventType(type: string): type is SecurityEventType {
  return (SECURITY_EVENT_TYPES as readonly string[]).includes(type);
}

/** Facts an event adds (a sign-in's method, a revoked session's device): short and plain. */
export const securityEventDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type SecurityEventDetails = z.infer<typeof securityEventDetailsSchema>;

/** One line of the log as the owner reads it. */
export const securityEventSchema = z.object({
  id: z.number().int(),
  type: z.string().meta({ description: `One of: ${SECURITY_EVENT_TYPES.join(', ')}.` }),
  at: z.string(),
  /** The address it came from; null when the server itself acted. */
  ip: z.string().nullable(),
  /** The browser and system, in words ("Chrome on Android"). */
  device: z.string(),
  details: securityEventDetailsSchema.nullable(),
  /** Who of the team acted, when it was not the reader (a team line an owner sees). */
  by: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** Lines a page of the log holds, newest first. */
export const SECURITY_LOG_PAGE_SIZE = 50;

export const securityLogPageSchema = z.object({
  events: z.array(securityEventSchema),
  /** Ask again with `before` set to this for the older lines; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type SecurityLogPage = z.infer<typeof securityLogPageSchema>;

/** A line's id: PostgreSQL's integer, so a larger cursor is a 400 rather than the database's error. */
const MAX_LINE_ID = 2_147_483_647;

/** `GET /api/auth/security-log?before=<id>`: the lines older than that id. */
export const securityLogQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(MAX_LINE_ID).optional(),
});

/** Its tRPC twin takes the same as `cursor`, which the web app's infinite list pages with. */
export const securityLogInputSchema = z.object({
  cursor: z.number().int().positive().max(MAX_LINE_ID).nullish(),
});
