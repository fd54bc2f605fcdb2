import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/kysely.js';
import type { LoginInput, SignupInput } from '../../domain/auth.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { upsertPrefs } from '../prefs/prefs.repo.js';
import { installAllPresets } from '../templates/preset-install.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderSignInAlertMail } from '../mail/templates/index.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { createSession, invalidateSession } from '../sessions/sessions.service.js';
import {
  hashPassword,
  passwordNeedsRehash,
  spendPasswordCheckTime,
  verifyPassword,
} from './password.js';
import {
  addressesTrying,
  admitSignInAttempt,
  claimSignInAlert,
  forgetSignInFailures,
  realSignInClock,
  signInThrottle,
  type SignInClock,
} from './sign-in-throttle.js';
import { findUserByEmail, insertUser, updatePasswordHash } from './users.repo.js';

const MINUTE_MS = 60_000;

/**
 * Sign-up limits: per email, and per IP against one machine making accounts in bulk. Generous
 * enough for an office sharing one address. Sign-in has its own (sign-in-throttle.ts).
 */
export const authRateLimits = {
  signupPerEmail: { limit: 5, windowMs: 60 * MINUTE_MS },
  signupPerIp: { limit: 20, windowMs: 60 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

export interface ClientInfo {
  ip: string;
}

export interface SignedIn {
  user: { id: number; email: string };
  session: { token: string; expiresAtMs: number };
}

/** Creates the account, its preferences (company name) and a first session. */
export async function signUp(db: DB, input: SignupInput, client: ClientInfo): Promise<SignedIn> {
  await enforceRateLimits(db, [
    { key: `signup:ip:${client.ip}`, rule: authRateLimits.signupPerIp },
    { key: `signup:email:${input.email}`, rule: authRateLimits.signupPerEmail },
  ]);
  if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, { email: input.email, passwordHash, createdAt: now });
      await upsertPrefs(trx, userId, { company_name: input.company_name }, now);
      await installAllPresets(trx, userId);
      const session = await createSession(trx, userId);
      return { user: { id: userId, email: input.email }, session };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
}

export interface SignInDeps {
  db: DB;
  mailSealer: MailSealer;
  config: Pick<Config, 'PUBLIC_URL'>;
  /** Tests move time; the server uses the real clock. */
  signInClock?: SignInClock;
}

/** Same message and similar time for an unknown email and a wrong password. */
export async function logIn(
  deps: SignInDeps,
  input: LoginInput,
  client: ClientInfo,
): Promise<SignedIn> {
  const { db } = deps;
  const clock = deps.signInClock ?? realSignInClock;
  const { accountFailures } = await admitSignInAttempt(db, input.email, client.ip, clock);
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await spendPasswordCheckTime(input.password);
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    if (accountFailures >= signInThrottle.alertAfterFailures) {
      await alertOwnerOfFailures(deps, clock, user, accountFailures);
    }
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  await forgetSignInFailures(db, input.email, client.ip);
  if (passwordNeedsRehash(user.password_hash)) {
    await updatePasswordHash(db, user.id, await hashPassword(input.password));
  }
  // A fresh session on every sign-in: a token planted before login is never promoted.
  const session = await createSession(db, user.id);
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
      .select('time_zone')
      .where('user_id', '=', user.id)
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

export async function logOut(db: DB, sessionId: string | undefined): Promise<void> {
  if (sessionId) await invalidateSession(db, sessionId);
}
