import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { hitRateLimit, type RateLimitRule } from '../rate-limit/rate-limit.js';

const MINUTE_MS = 60_000;

/**
 * Six-digit codes are few (a million, three good at a time), so, past the sign-in throttle's
 * per-address limits (reused as they are, src/features/auth/sign-in-throttle.ts), an account
 * takes only a few codes a quarter hour from anywhere, and then refuses rather than slows:
 * whoever reaches this step knows the password already (docs/decisions/042). Recovery codes
 * (80 bits) are not capped here, so the owner can still get in while someone hammers codes.
 */
export const twoFactorThrottle = {
  codesPerAccount: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Wrong second steps, within `codesPerAccount`'s window, that mail the owner. */
  alertAfterFailures: 3,
  alertEveryMs: 24 * 60 * MINUTE_MS,
} as const satisfies Record<string, RateLimitRule | number>;

export const TOO_MANY_CODES =
  'Too many codes were tried on this account. Wait a few minutes, or use a recovery code.';

const codesKey = (userId: number) => `2fa:codes:${userId}`;

/** Counts a code before it is checked, so parallel guesses cannot slip under the cap. */
export async function admitCodeAttempt(db: DbOrTrx, userId: number, nowMs: number): Promise<void> {
  const result = await hitRateLimit(db, codesKey(userId), twoFactorThrottle.codesPerAccount, nowMs);
  if (!result.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_CODES, result.retryAfterSeconds);
  }
}

/** A good code: the attempt counted in advance comes off, so the cap counts wrong codes only. */
export async function forgetCodeAttempt(db: DbOrTrx, userId: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`CASE WHEN hits > 0 THEN hits - 1 ELSE 0 END` })
    .where('key', '=', codesKey(userId))
    .execute();
}

/** Wrong second steps on the account within the window, from the security log. */
export async function recentSecondStepFailures(
  db: DbOrTrx,
  userId: number,
  nowMs: number,
): Promise<number> {
  const since = new Date(nowMs - twoFactorThrottle.codesPerAccount.windowMs).toISOString();
  const row = await db
    .selectFrom('security_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('type', '=', 'two_factor_failed')
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True the first time in a day that the owner should hear of wrong codes. */
export async function claimCodeAlert(db: DbOrTrx, userId: number, nowMs: number) {
  const rule = { limit: 1, windowMs: twoFactorThrottle.alertEveryMs };
  return (await hitRateLimit(db, `2fa:alert:${userId}`, rule, nowMs)).allowed;
}
