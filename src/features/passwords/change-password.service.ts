import { inAccountLock } from '../../db/account-lock.js';
import {
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  type ChangePasswordInput,
} from '../../domain/passwords.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { ValidatedSession } from '../../ports/session.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { hashPassword, verifyPassword } from '../credentials/password.js';
import {
  admitSignInAttempt,
  forgetSignInFailures,
  realSignInClock,
} from '../credentials/sign-in-throttle.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import type { PasswordDeps } from './password-deps.js';
import { setNewPassword } from './password-set.js';
import { findAccountById } from './passwords.repo.js';

export const TOO_MANY_PASSWORD_TRIES =
  'Too many wrong passwords from here. Please wait a few minutes and try again.';
export const PASSWORD_NEEDS_A_PERSON =
  'The password is changed in Settings → Security by a person signed in, not with an API key';

/**
 * Changes the password of the signed-in person, who proves it is them with the current one: a
 * wrong one counts as a failed sign-in (the sign-in throttle's counters, so a stolen session
 * cannot guess it faster than a sign-in form could) and is a line in the log. Every other
 * device is signed out; this one stays in. Returns how many were signed out.
 */
export async function changePassword(
  deps: PasswordDeps,
  session: ValidatedSession,
  input: ChangePasswordInput,
  client: RequestClient,
): Promise<number> {
  requireSignedInPerson(session, PASSWORD_NEEDS_A_PERSON);
  const clock = deps.signInClock ?? realSignInClock;
  const account = await findAccountById(deps.db, session.user.id);
  if (!account) throw new AppError('UNAUTHORIZED', 'Please sign in');
  await admitSignInAttempt(deps.db, account.email, client.ip, clock).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_PASSWORD_TRIES, error.retryAfterSeconds);
    }
    throw error;
  });
  if (!(await verifyPassword(account.password_hash, input.current_password))) {
    await recordSecurityEvent(deps.db, {
      userId: account.id,
      type: 'password_change_failed',
      client,
      at: new Date(clock.now()),
    });
    throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
  }
  await forgetSignInFailures(deps.db, account.email, client.ip);
  if (input.new_password === input.current_password)
    throw new AppError('BAD_REQUEST', SAME_PASSWORD);
  const passwordHash = await hashPassword(input.new_password, deps.config);
  return inAccountLock(deps.db, account.id, (trx) =>
    setNewPassword(trx, deps, {
      account,
      passwordHash,
      how: 'change',
      keepSessionId: session.sessionId,
      client,
      at: new Date(clock.now()),
    }),
  );
}
