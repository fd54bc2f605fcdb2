import { inAccountLock } from '../../db/account-lock.js';
import type { ResetCheckAnswer, ResetPasswordInput } from '../../domain/passwords.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import {
  consumeAccountToken,
  inspectAccountToken,
  LINK_REFUSALS,
} from '../account-tokens/account-tokens.service.js';
import { hashPassword } from '../credentials/password.js';
import { realSignInClock } from '../credentials/sign-in-throttle.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { createSession } from '../sessions/sessions.service.js';
import type { PasswordDeps } from './password-deps.js';
import { admitResetLinkTry } from './password-reset-throttle.js';
import { setNewPassword } from './password-set.js';
import { findAccountById } from './passwords.repo.js';

export interface PasswordResetDone {
  user: { id: number; email: string };
  /** The browser's new session; null when the account signs in with two-factor. */
  session: { token: string; expiresAtMs: number } | null;
}

/**
 * Whether a reset link still works, for the screen to say at once when it does not (used, a
 * newer one sent, expired, not valid). Spends nothing.
 */
export async function checkResetLink(
  deps: PasswordDeps,
  token: string,
  client: RequestClient,
): Promise<ResetCheckAnswer> {
  const clock = deps.signInClock ?? realSignInClock;
  const nowMs = clock.now();
  await admitResetLinkTry(deps.db, client.ip, nowMs);
  const state = await inspectAccountToken(deps.db, {
    purpose: 'password_reset',
    token,
    now: new Date(nowMs),
  });
  if (!state.ok)
    return { valid: false, reason: state.reason, message: LINK_REFUSALS[state.reason] };
  const account = await findAccountById(deps.db, state.userId);
  if (!account) return { valid: false, reason: 'unknown', message: LINK_REFUSALS.unknown };
  return { valid: true, email: account.email, expires_at: state.expiresAt };
}

/**
 * Sets the new password from an emailed link: spends the link, signs the account out
 * everywhere, mails the owner, and signs this browser in, unless the account has two-factor
 * sign-in, whose code the link cannot stand in for. A link that does not work is a 400 saying
 * why, so the screen can offer a new one.
 */
export async function resetPassword(
  deps: PasswordDeps,
  input: ResetPasswordInput,
  client: RequestClient,
): Promise<PasswordResetDone> {
  const clock = deps.signInClock ?? realSignInClock;
  const nowMs = clock.now();
  const now = new Date(nowMs);
  await admitResetLinkTry(deps.db, client.ip, nowMs);
  const query = { purpose: 'password_reset' as const, token: input.token, now };
  // Read first, so a dead link costs no argon2 and the account's lock is known.
  const seen = await inspectAccountToken(deps.db, query);
  if (!seen.ok) throw new AppError('BAD_REQUEST', LINK_REFUSALS[seen.reason]);
  const passwordHash = await hashPassword(input.password, deps.config);
  return inAccountLock(deps.db, seen.userId, async (trx) => {
    // Spent under the lock: of two tabs sending the same link, one sets the password.
    const spent = await consumeAccountToken(trx, query);
    if (!spent.ok) throw new AppError('BAD_REQUEST', LINK_REFUSALS[spent.reason]);
    const account = await findAccountById(trx, spent.userId);
    if (!account) throw new AppError('BAD_REQUEST', LINK_REFUSALS.unknown);
    await setNewPassword(trx, deps, {
      account,
      passwordHash,
      how: 'reset',
      keepSessionId: null,
      client,
      at: now,
    });
    const user = { id: account.id, email: account.email };
    if (account.totp_enabled_at !== null) return { user, session: null };
    const session = await createSession(trx, account.id, client);
    await recordSecurityEvent(trx, {
      userId: account.id,
      type: 'sign_in',
      client,
      details: { via: 'password_reset' },
      at: now,
    });
    return { user, session };
  });
}
