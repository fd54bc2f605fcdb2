import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { SignupInput } from '../../domain/auth.schemas.js';
import type { Language } from '../../domain/i18n/languages.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import { queueVerificationMail } from '../account-email/email-verification.service.js';
import type { MailSealer } from '../mail/body-seal.js';
import { upsertPrefs } from '../prefs/prefs.repo.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { createSession } from '../sessions/sessions.service.js';
import { installAllPresets } from '../templates/preset-install.js';
import { hashPassword } from '../credentials/password.js';
import type { SignedIn } from './sign-in.service.js';
import { assertSignupOpen, SIGNUP_NOT_OPEN } from './signup-policy.js';
import {
  claimFirstAccount,
  findUserByEmail,
  insertCompany,
  insertUser,
  markEmailVerified,
} from '../credentials/users.repo.js';

const MINUTE_MS = 60_000;

/**
 * Sign-up limits: per email, and per IP against one machine making accounts in bulk. Generous
 * enough for an office sharing one address. Sign-in has its own (sign-in-throttle.ts).
 */
export const authRateLimits = {
  signupPerEmail: { limit: 5, windowMs: 60 * MINUTE_MS },
  signupPerIp: { limit: 20, windowMs: 60 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

export interface SignUpRequest {
  client: RequestClient;
  /** The browser's language: the account's own mails are written in it. */
  language: Language;
}

export interface SignUpDeps {
  db: DB;
  config: Pick<
    Config,
    'PUBLIC_URL' | 'SIGNUP_MODE' | 'SIGNUP_EMAILS_VERIFIED' | 'PASSWORD_HASH_LIGHT'
  >;
  mailSealer: MailSealer;
  clock: () => Date;
}

interface NewAccount {
  email: string;
  passwordHash: string;
  companyName: string;
  language: Language;
  /** Who made it: the browser that signed up, or null for `tradesign create-owner`. */
  client: RequestClient | null;
  now: Date;
}

/**
 * The company, its owner's account, its preferences (company name), its templates and the first
 * line of the owner's log.
 */
async function createAccount(trx: DbOrTrx, account: NewAccount): Promise<number> {
  const at = account.now.toISOString();
  const companyId = await insertCompany(trx, at);
  const userId = await insertUser(trx, {
    email: account.email,
    passwordHash: account.passwordHash,
    createdAt: at,
    language: account.language,
    companyId,
    role: 'owner',
  });
  await upsertPrefs(trx, companyId, { company_name: account.companyName }, at);
  await installAllPresets(trx, { companyId, createdBy: userId });
  await recordSecurityEvent(trx, {
    userId,
    type: 'account_created',
    client: account.client,
    ...(account.client ? {} : { details: { by: 'tradesign create-owner' } }),
    at: account.now,
  });
  return userId;
}

/**
 * Creates the account, its first session and the first line of its security log, in one
 * transaction, when SIGNUP_MODE lets this server take it (signup-policy.ts). The install's
 * first account is marked as such, by one insert that only one of two racing sign-ups wins, and
 * its email counts as verified: the person installing TradeSign needs no link to prove it. In
 * `invite` mode a sign-up that loses that race is refused; in `open` mode any later account is
 * sent a verification link and may not send a contract until it is followed.
 */
export async function signUp(
  deps: SignUpDeps,
  input: SignupInput,
  request: SignUpRequest,
): Promise<SignedIn> {
  const { db, config } = deps;
  const { client } = request;
  await assertSignupOpen(db, config);
  await enforceRateLimits(
    db,
    [
      { key: `signup:ip:${client.ip}`, rule: authRateLimits.signupPerIp },
      { key: `signup:email:${input.email}`, rule: authRateLimits.signupPerEmail },
    ],
    deps.clock(),
  );
  if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password, deps.config);
  const now = deps.clock();
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const userId = await createAccount(trx, {
        email: input.email,
        passwordHash,
        companyName: input.company_name,
        language: request.language,
        client,
        now,
      });
      const first = await claimFirstAccount(trx, userId, at);
      // Another sign-up became the first a moment ago: this one rolls back.
      if (!first && config.SIGNUP_MODE !== 'open') throw new AppError('FORBIDDEN', SIGNUP_NOT_OPEN);
      if (first || config.SIGNUP_EMAILS_VERIFIED) {
        await markEmailVerified(trx, userId, at);
      } else {
        const account = { id: userId, email: input.email, language: request.language };
        await queueVerificationMail(trx, deps, { ...account, timeZone: null }, client, now);
      }
      // On the real clock, as every session is (sessions.service.ts), whatever `deps.clock` says.
      const session = await createSession(trx, userId, client);
      return { user: { id: userId, email: input.email }, session };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
}

export const OWNER_EXISTS =
  'This TradeSign server already has accounts: create-owner makes the first one only. Sign in with it instead; new people join by invitation.';

/** Whether any account exists: `tradesign create-owner` asks before it asks for anything. */
export async function hasAnyAccount(db: DbOrTrx): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * `tradesign create-owner`: the install's first account, made by the operator at the server,
 * whatever SIGNUP_MODE says (in `closed` mode it is the only way in). Verified by how it came;
 * refused once any account exists, checked again in the transaction that claims the first
 * account's marker, so a sign-up racing it cannot make two owners.
 */
export async function createOwner(
  deps: { db: DB; clock: () => Date; config: Pick<Config, 'PASSWORD_HASH_LIGHT'> },
  input: SignupInput,
  language: Language,
): Promise<{ id: number; email: string }> {
  const { db } = deps;
  if (await hasAnyAccount(db)) throw new AppError('CONFLICT', OWNER_EXISTS);
  const passwordHash = await hashPassword(input.password, deps.config);
  const now = deps.clock();
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      if (await hasAnyAccount(trx)) throw new AppError('CONFLICT', OWNER_EXISTS);
      const userId = await createAccount(trx, {
        email: input.email,
        passwordHash,
        companyName: input.company_name,
        language,
        client: null,
        now,
      });
      if (!(await claimFirstAccount(trx, userId, at))) {
        throw new AppError('CONFLICT', OWNER_EXISTS);
      }
      await markEmailVerified(trx, userId, at);
      return { id: userId, email: input.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', OWNER_EXISTS);
    throw error;
  }
}
