import type { DbOrTrx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { hitRateLimit, type RateLimitRule } from '../rate-limit/rate-limit.js';

const MINUTE_MS = 60_000;

/**
 * "Forgot password" throttling, after sign-in's (docs/decisions/019, and 044 for what differs).
 * Keys are the email as typed, never whether it has an account, so a refusal says nothing about
 * which addresses have accounts. Refusals are per (email, address) pair and per address, so a
 * stranger cannot stop the owner asking from their own address. Per account there is no
 * refusal, only a cap on mails: past it the answer is unchanged and no new link goes out (the
 * newest link mailed keeps working), so many addresses together cannot flood the owner's inbox.
 */
export const passwordResetThrottle = {
  perPair: { limit: 5, windowMs: 60 * MINUTE_MS },
  perAddress: { limit: 20, windowMs: 60 * MINUTE_MS },
  /** Reset links mailed to one account in the window, whoever asked. */
  mailsPerAccount: { limit: 5, windowMs: 60 * MINUTE_MS },
  /** Reset links tried (checked or used) from one address: a token cannot be guessed, argon2 is dear. */
  linkTriesPerAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

export const TOO_MANY_RESET_REQUESTS =
  'Too many requests for a reset link from here. Please wait a few minutes and try again.';

export const TOO_MANY_LINK_TRIES =
  'Too many tries with reset links from here. Please wait a few minutes and try again.';

/**
 * Counts a "forgot password" request; refuses it when its address is over a limit. Returns
 * whether a mail may go to the account under that email, should there be one: the counter runs
 * the same for an email with no account, so the work and the answer are the same.
 */
export async function admitResetRequest(
  db: DbOrTrx,
  email: string,
  ip: string,
  nowMs: number,
): Promise<{ mailAllowed: boolean }> {
  const rules = passwordResetThrottle;
  const pair = await hitRateLimit(db, `forgot:pair:${email}:${ip}`, rules.perPair, nowMs);
  const address = await hitRateLimit(db, `forgot:ip:${ip}`, rules.perAddress, nowMs);
  if (!pair.allowed || !address.allowed) {
    const retryAfter = Math.max(
      pair.allowed ? 0 : pair.retryAfterSeconds,
      address.allowed ? 0 : address.retryAfterSeconds,
    );
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_RESET_REQUESTS, retryAfter);
  }
  const account = await hitRateLimit(db, `forgot:account:${email}`, rules.mailsPerAccount, nowMs);
  return { mailAllowed: account.allowed };
}

/** Counts a reset link checked or used from this address; refuses past the limit. */
export async function admitResetLinkTry(db: DbOrTrx, ip: string, nowMs: number): Promise<void> {
  const tries = await hitRateLimit(
    db,
    `reset:ip:${ip}`,
    passwordResetThrottle.linkTriesPerAddress,
    nowMs,
  );
  if (!tries.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_LINK_TRIES, tries.retryAfterSeconds);
  }
}
