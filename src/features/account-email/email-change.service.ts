import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import { inAccountLock } from '../../db/account-lock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/kysely.js';
import type { ChangeEmailInput } from '../../domain/account-email.schemas.js';
import { maskEmail } from '../../domain/masked-email.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { SignInClock } from '../../ports/sign-in-clock.js';
import type { ValidatedSession } from '../../ports/session.js';
import {
  consumeAccountToken,
  issueAccountToken,
  LINK_REFUSALS,
} from '../account-tokens/account-tokens.service.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { verifyPassword } from '../credentials/password.js';
import {
  admitSignInAttempt,
  forgetSignInFailures,
  realSignInClock,
} from '../credentials/sign-in-throttle.js';
import { findUserByEmail } from '../credentials/users.repo.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  renderEmailChangeConfirmMail,
  renderEmailChangedMail,
  renderEmailChangeNoticeMail,
  renderEmailTakenMail,
} from '../mail/templates/index.js';
import { hitRateLimit } from '../rate-limit/rate-limit.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { findAccountMailbox, replaceLiveTokens, setSignInEmail } from './account-email.repo.js';

const HOUR_MS = 60 * 60 * 1000;

/** A change's confirmation link works for 24 hours (docs/decisions/043). */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * HOUR_MS;

/** Each change asked for mails two addresses: a few an hour is plenty for a person. */
export const emailChangeLimit = { limit: 5, windowMs: HOUR_MS };

export const EMAIL_CHANGE_NEEDS_A_PERSON =
  'Your sign-in email is changed in Settings → Security by a person signed in, not with an API key';
export const WRONG_PASSWORD = 'That password is not right. Type your current password.';
export const SAME_EMAIL = 'That is already your sign-in email.';
export const TOO_MANY_EMAIL_CHANGES =
  'You asked to change your email several times in the last hour. Please wait an hour and try again.';
export const PASSWORD_CHANGED_SINCE =
  'Your password was changed after this link was sent, so the link no longer works. Ask for the change again in Settings, Security.';
export const EMAIL_NOW_TAKEN =
  'This address now belongs to another TradeSign account, so your sign-in email was not changed.';

/**
 * Which password the change was asked with, carried by the link: a link asked for by someone who
 * knew the password stops working once the owner changes it (the notice to the old address says
 * so). A digest of the stored hash, never the hash itself.
 */
function passwordCheckOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

export interface EmailChangeDeps {
  db: DB;
  config: Pick<Config, 'PUBLIC_URL'>;
  mailSealer: MailSealer;
  clock: () => Date;
  signInClock?: SignInClock;
}

/**
 * `POST /api/auth/email`: with the current password (a wrong one counts as a failed sign-in,
 * by the same throttle), mails the new address a link and the old one a notice. An address that
 * already has an account gets the same answer, and that address's owner a mail saying so, so the
 * form never tells anyone which addresses have accounts (docs/decisions/043).
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  session: ValidatedSession,
  input: ChangeEmailInput,
  client: RequestClient,
): Promise<void> {
  requireSignedInPerson(session, EMAIL_CHANGE_NEEDS_A_PERSON);
  const { db } = deps;
  const account = await findAccountMailbox(db, session.user.id);
  if (!account) throw new AppError('UNAUTHORIZED', 'Please sign in');
  const throttleClock = deps.signInClock ?? realSignInClock;
  await admitSignInAttempt(db, account.email, client.ip, throttleClock);
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    await recordSecurityEvent(db, {
      userId: account.id,
      type: 'sign_in_failed',
      client,
      details: { while: 'changing the sign-in email' },
      at: deps.clock(),
    });
    throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
  }
  await forgetSignInFailures(db, account.email, client.ip);
  if (input.new_email === account.email) throw new AppError('BAD_REQUEST', SAME_EMAIL);
  const now = deps.clock();
  const limit = await hitRateLimit(
    db,
    `email-change:${account.id}`,
    emailChangeLimit,
    now.getTime(),
  );
  if (!limit.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_EMAIL_CHANGES, limit.retryAfterSeconds);
  }
  const taken = (await findUserByEmail(db, input.new_email)) !== undefined;
  const { config, mailSealer } = deps;
  const reader = { language: account.language, timeZone: account.timeZone };
  await inAccountLock(db, account.id, async (trx) => {
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LINK_TTL_MS).toISOString();
    if (taken) {
      // As issuing would: an earlier link dies either way, so its fate tells nothing.
      await replaceLiveTokens(trx, account.id, 'email_change', now.toISOString());
      const mail = renderEmailTakenMail({ ...reader, signInUrl: `${config.PUBLIC_URL}/login` });
      await enqueueMail(trx, mailSealer, {
        kind: 'email_change_taken',
        to: input.new_email,
        ...mail,
      });
    } else {
      const issued = await issueAccountToken(trx, {
        userId: account.id,
        purpose: 'email_change',
        ttlMs: EMAIL_CHANGE_LINK_TTL_MS,
        data: { new_email: input.new_email, password_check: passwordCheckOf(account.passwordHash) },
        client,
        now,
      });
      const mail = renderEmailChangeConfirmMail({
        ...reader,
        newEmail: input.new_email,
        confirmUrl: `${config.PUBLIC_URL}/confirm-email/${issued.token}`,
        expiresAt: issued.expiresAt,
      });
      await enqueueMail(trx, mailSealer, {
        kind: 'email_change_confirm',
        to: input.new_email,
        ...mail,
      });
    }
    const notice = renderEmailChangeNoticeMail({
      ...reader,
      newEmail: input.new_email,
      expiresAt,
      securityUrl: `${config.PUBLIC_URL}/settings/security`,
    });
    await enqueueMail(trx, mailSealer, {
      kind: 'email_change_notice',
      to: account.email,
      ...notice,
    });
    await recordSecurityEvent(trx, {
      userId: account.id,
      type: 'email_change_requested',
      client,
      details: { to: maskEmail(input.new_email) },
      at: now,
    });
  });
}

/**
 * `POST /api/auth/email/confirm`: spends the link and makes its address the sign-in email,
 * verified (the link proved it), signed in or not. Whether the address is still free is checked
 * at this moment, and the unique index settles a race. The old address is told.
 */
export async function confirmEmailChange(
  deps: Omit<EmailChangeDeps, 'signInClock'>,
  token: string,
  client: RequestClient,
): Promise<{ email: string; email_verified: true }> {
  const now = deps.clock();
  const at = now.toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const link = await consumeAccountToken(trx, { purpose: 'email_change', token, now });
      if (!link.ok) throw new AppError('BAD_REQUEST', LINK_REFUSALS[link.reason]);
      const newEmail = link.data?.new_email;
      const account = await findAccountMailbox(trx, link.userId);
      if (!newEmail || !account) throw new AppError('BAD_REQUEST', LINK_REFUSALS.unknown);
      if (link.data?.password_check !== passwordCheckOf(account.passwordHash)) {
        throw new AppError('BAD_REQUEST', PASSWORD_CHANGED_SINCE);
      }
      const holder = await findUserByEmail(trx, newEmail);
      if (holder && holder.id !== account.id) throw new AppError('CONFLICT', EMAIL_NOW_TAKEN);
      await setSignInEmail(trx, account.id, newEmail, at);
      // A verification link still out for the old address proves nothing any more.
      await replaceLiveTokens(trx, account.id, 'email_verification', at);
      await recordSecurityEvent(trx, {
        userId: account.id,
        type: 'email_changed',
        client,
        details: { from: maskEmail(account.email), to: maskEmail(newEmail) },
        at: now,
      });
      const mail = renderEmailChangedMail({
        language: account.language,
        timeZone: account.timeZone,
        newEmail,
        changedAt: at,
      });
      await enqueueMail(trx, deps.mailSealer, {
        kind: 'email_changed',
        to: account.email,
        ...mail,
      });
      return { email: newEmail, email_verified: true as const };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_NOW_TAKEN);
    throw error;
  }
}
