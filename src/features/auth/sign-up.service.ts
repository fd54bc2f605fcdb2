import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/kysely.js';
import type { SignupInput } from '../../domain/auth.schemas.js';
import type { Language } from '../../domain/i18n/languages.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import { upsertPrefs } from '../prefs/prefs.repo.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { createSession } from '../sessions/sessions.service.js';
import { installAllPresets } from '../templates/preset-install.js';
import { hashPassword } from './password.js';
import type { SignedIn } from './sign-in.service.js';
import { claimFirstAccount, findUserByEmail, insertUser, markEmailVerified } from './users.repo.js';

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

/**
 * Creates the account, its preferences (company name), a first session and the first line of its
 * security log, in one transaction. The install's first account is marked as such (and its
 * email as verified: the person installing TradeSign needs no link to prove it), by one insert
 * that only one of two racing sign-ups wins.
 */
export async function signUp(
  db: DB,
  input: SignupInput,
  request: SignUpRequest,
  now = new Date(),
): Promise<SignedIn> {
  const { client } = request;
  await enforceRateLimits(db, [
    { key: `signup:ip:${client.ip}`, rule: authRateLimits.signupPerIp },
    { key: `signup:email:${input.email}`, rule: authRateLimits.signupPerEmail },
  ]);
  if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        email: input.email,
        passwordHash,
        createdAt: at,
        language: request.language,
      });
      if (await claimFirstAccount(trx, userId, at)) await markEmailVerified(trx, userId, at);
      await upsertPrefs(trx, userId, { company_name: input.company_name }, at);
      await installAllPresets(trx, userId);
      const session = await createSession(trx, userId, client, now.getTime());
      await recordSecurityEvent(trx, { userId, type: 'account_created', client, at: now });
      return { user: { id: userId, email: input.email }, session };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
}
