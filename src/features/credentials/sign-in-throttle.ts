import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import type { SignInClock } from '../../ports/sign-in-clock.js';
import { hitRateLimit, type RateLimitRule } from '../rate-limit/rate-limit.js';

const MINUTE_MS = 60_000;

/**
 * Sign-in throttling that a stranger cannot turn into a lockout (issue 15). Refusals are per
 * (account, address) pair: ten wrong passwords from one address stop that address guessing that
 * account, and nobody else. Across all addresses an account has a higher ceiling which slows
 * every attempt down instead of refusing it, so a guesser spread over many addresses gets few
 * guesses an hour while the owner still signs in, a few seconds later. One address spraying
 * many accounts is capped on its own.
 */
export const signInThrottle = {
  perPair: { limit: 10, windowMs: 15 * MINUTE_MS },
  perAddress: { limit: 50, windowMs: 15 * MINUTE_MS },
  /** Past this many attempts on one account in the window, each one waits `slowdownMs`. */
  perAccount: { limit: 30, windowMs: 15 * MINUTE_MS },
  slowdownMs: 3_000,
  /** Failed attempts on one account, within `perAccount`'s window, that earn the owner a mail. */
  alertAfterFailures: 20,
  alertEveryMs: 24 * 60 * MINUTE_MS,
} as const satisfies Record<string, RateLimitRule | number>;

export const TOO_MANY_SIGN_IN_ATTEMPTS =
  'Too many sign-in attempts from here. Please wait a few minutes and try again.';

export type { SignInClock } from '../../ports/sign-in-clock.js';

export const realSignInClock: SignInClock = {
  now: () => Date.now(),
  wait: (ms) => sleep(ms),
};

const pairKey = (email: string, ip: string) => `login:pair:${email}:${ip}`;
const pairPrefix = (email: string) => `login:pair:${email}:`;
const accountKey = (email: string) => `login:account:${email}`;
const addressKey = (ip: string) => `login:ip:${ip}`;

/**
 * Counts an attempt before the password is checked (so parallel guesses cannot all slip under
 * a limit), refuses it when its address is over a limit, and slows it when the account is over
 * its ceiling. Returns the account's failed (or still running) attempts in the current window.
 */
export async function admitSignInAttempt(
  db: DbOrTrx,
  email: string,
  ip: string,
  clock: SignInClock,
): Promise<{ accountFailures: number }> {
  const now = clock.now();
  const pair = await hitRateLimit(db, pairKey(email, ip), signInThrottle.perPair, now);
  const address = await hitRateLimit(db, addressKey(ip), signInThrottle.perAddress, now);
  if (!pair.allowed || !address.allowed) {
    const retryAfter = Math.max(
      pair.allowed ? 0 : pair.retryAfterSeconds,
      address.allowed ? 0 : address.retryAfterSeconds,
    );
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_SIGN_IN_ATTEMPTS, retryAfter);
  }
  const account = await hitRateLimit(db, accountKey(email), signInThrottle.perAccount, now);
  if (!account.allowed) await clock.wait(signInThrottle.slowdownMs);
  return { accountFailures: account.hits };
}

/**
 * A right password: this address starts again from zero with this account, and the attempt
 * counted in advance comes off the account's and the address's counts, which then hold
 * failures only (an office signing in all morning from one address is never stopped).
 */
export async function forgetSignInFailures(db: DbOrTrx, email: string, ip: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', pairKey(email, ip)).execute();
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`CASE WHEN hits > 0 THEN hits - 1 ELSE 0 END` })
    .where('key', 'in', [accountKey(email), addressKey(ip)])
    .execute();
}

/** How many addresses have tried this account within the current window. */
export async function addressesTrying(db: DbOrTrx, email: string, nowMs: number): Promise<number> {
  const prefix = pairPrefix(email);
  const row = await db
    .selectFrom('rate_limits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
    .where('window_started_at_ms', '>', nowMs - signInThrottle.perPair.windowMs)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True the first time in `alertEveryMs` that this account's owner should hear of failures. */
export async function claimSignInAlert(
  db: DbOrTrx,
  userId: number,
  nowMs: number,
): Promise<boolean> {
  const rule = { limit: 1, windowMs: signInThrottle.alertEveryMs };
  return (await hitRateLimit(db, `login:alert:${userId}`, rule, nowMs)).allowed;
}
