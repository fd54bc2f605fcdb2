import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import type { LoginInput } from '../../domain/auth.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { ValidatedSession } from '../../ports/session.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderSignInAlertMail } from '../mail/templates/index.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { createSession, invalidateSession } from '../sessions/sessions.service.js';
import type { SignInStep } from '../two-factor/sign-in-answer.js';
import { startTwoFactorSignIn } from '../two-factor/two-factor-sign-in.js';
import {
  hashPassword,
  passwordNeedsRehash,
  spendPasswordCheckTime,
  verifyPassword,
} from '../credentials/password.js';
import {
  addressesTrying,
  admitSignInAttempt,
  claimSignInAlert,
  forgetSignInFailures,
  realSignInClock,
  signInThrottle,
  type SignInClock,
} from '../credentials/sign-in-throttle.js';
import { findUserByEmail, updatePasswordHash } from '../credentials/users.repo.js';

const MINUTE_MS = 60_000;

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface SignedIn {
  user: { id: number; email: string };
  session: { token: string; expiresAtMs: number };
}

export interface SignInDeps {
  db: DB;
  mailSealer: MailSealer;
  config: Pick<Config, 'PUBLIC_URL' | 'PASSWORD_HASH_LIGHT'>;
  /** Tests move time; the server uses the real clock. */
  signInClock?: SignInClock;
  /** The time a two-step sign-in's pending token starts from; tests move it. */
  clock?: () => Date;
}

export const REMOVED_FROM_COMPANY =
  'You were removed from your company on TradeSign. Ask its owner to invite you again.';

/**
 * Same message and similar time for an unknown email and a wrong password. A wrong password for
 * an existing account is a line in its security log (the throttle bounds how many); an unknown
 * email is recorded nowhere, as there is no account to tell.
 */
export async function logIn(
  deps: SignInDeps,
  input: LoginInput,
  client: RequestClient,
): Promise<SignInStep> {
  const { db } = deps;
  const clock = deps.signInClock ?? realSignInClock;
  const { accountFailures } = await admitSignInAttempt(db, input.email, client.ip, clock);
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await spendPasswordCheckTime(input.password, deps.config);
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    const at = new Date(clock.now());
    await recordSecurityEvent(db, { userId: user.id, type: 'sign_in_failed', client, at });
    if (accountFailures >= signInThrottle.alertAfterFailures) {
      await alertOwnerOfFailures(deps, clock, user, accountFailures);
    }
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  await forgetSignInFailures(db, input.email, client.ip);
  // Told only to whoever knows the password: the account exists but works for no company now.
  if (user.removed_at !== null) throw new AppError('FORBIDDEN', REMOVED_FROM_COMPANY);
  if (passwordNeedsRehash(user.password_hash, deps.config)) {
    await updatePasswordHash(db, user.id, await hashPassword(input.password, deps.config));
  }
  // Two-step sign-in on: no session yet, only a pending sign-in that waits for the code.
  const now = deps.clock?.() ?? new Date(clock.now());
  const twoFactorPending = await startTwoFactorSignIn(db, user.id, client, now);
  if (twoFactorPending) return { twoFactorPending };
  // A fresh session on every sign-in: a token planted before login is never promoted.
  const session = await db.transaction().execute(async (trx) => {
    const created = await createSession(trx, user.id, client);
    const at = new Date(clock.now());
    await recordSecurityEvent(trx, { userId: user.id, type: 'sign_in', client, at });
    return created;
  });
  return { user: { id: user.id, email: user.email }, session };
}

/** Mails the owner about a run of failed sign-ins, at most once a day (issue 15). */
async function alertOwnerOfFailures(
  deps: SignInDeps,
  clock: SignInClock,
  user: { id: number; email: string },
  failures: number,
): Promise<void> {
  const nowMs = clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await claimSignInAlert(trx, user.id, nowMs))) return;
    const prefs = await trx
      .selectFrom('preferences')
      .innerJoin('users', 'users.company_id', 'preferences.company_id')
      .select('preferences.time_zone')
      .where('users.id', '=', user.id)
      .executeTakeFirst();
    const mail = renderSignInAlertMail({
      email: user.email,
      timeZone: prefs?.time_zone ?? null,
      failures,
      addresses: await addressesTrying(trx, user.email, nowMs),
      windowMinutes: signInThrottle.perAccount.windowMs / MINUTE_MS,
      at: new Date(nowMs).toISOString(),
      signInUrl: `${deps.config.PUBLIC_URL}/login`,
    });
    await enqueueMail(trx, deps.mailSealer, { kind: 'sign_in_alert', to: user.email, ...mail });
  });
}

/**
 * Ends this browser's session and notes it in the account's log. An API key has no session to
 * end, and signing out twice records once.
 */
export async function logOut(
  db: DB,
  session: ValidatedSession | null,
  client: RequestClient,
  now = new Date(),
): Promise<void> {
  if (session?.via !== 'cookie') return;
  await db.transaction().execute(async (trx) => {
    if (!(await invalidateSession(trx, session.sessionId))) return;
    await recordSecurityEvent(trx, {
      userId: session.user.id,
      type: 'signed_out',
      client,
      at: now,
    });
  });
}
