import type { Config } from '../../config.js';
import { inAccountLock } from '../../db/account-lock.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { formatDateTime } from '../../domain/dates.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import {
  consumeAccountToken,
  issueAccountToken,
  LINK_REFUSALS,
  type IssuedAccountToken,
} from '../account-tokens/account-tokens.service.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderVerificationMail } from '../mail/templates/index.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import {
  findAccountMailbox,
  tokensIssuedSince,
  type AccountMailbox,
} from './account-email.repo.js';

const HOUR_MS = 60 * 60 * 1000;

/** A verification link works for 48 hours (issue 34). */
export const VERIFICATION_LINK_TTL_MS = 48 * HOUR_MS;

/**
 * Verification mails an account may get in any hour, the sign-up's own included: enough for a
 * mail that went to spam and a second try, too few to turn the resend button into a mail cannon.
 */
export const VERIFICATION_MAILS_PER_HOUR = 3;

export const ALREADY_VERIFIED = 'Your email address is already confirmed.';

export const LINK_FOR_AN_OLD_ADDRESS =
  'This link was for an email address your account no longer uses. Sign in to see the one it uses now.';

export interface VerificationDeps {
  db: DB;
  config: Pick<Config, 'PUBLIC_URL'>;
  mailSealer: MailSealer;
  clock: () => Date;
}

/**
 * Issues a verification link and queues the mail that carries it, in the caller's transaction
 * (the sign-up's, or the resend's under the account lock): a link never exists without its
 * mail, nor a mail without its link. The link names the address it proves.
 */
export async function queueVerificationMail(
  trx: DbOrTrx,
  deps: Pick<VerificationDeps, 'config' | 'mailSealer'>,
  account: Pick<AccountMailbox, 'id' | 'email' | 'language' | 'timeZone'>,
  client: RequestClient | null,
  now: Date,
): Promise<IssuedAccountToken> {
  const issued = await issueAccountToken(trx, {
    userId: account.id,
    purpose: 'email_verification',
    ttlMs: VERIFICATION_LINK_TTL_MS,
    data: { email: account.email },
    client,
    now,
  });
  const mail = renderVerificationMail({
    email: account.email,
    verifyUrl: `${deps.config.PUBLIC_URL}/verify-email/${issued.token}`,
    expiresAt: issued.expiresAt,
    language: account.language,
    timeZone: account.timeZone,
  });
  await enqueueMail(trx, deps.mailSealer, {
    kind: 'email_verification',
    to: account.email,
    ...mail,
  });
  return issued;
}

/**
 * `POST /api/auth/verify-email`: spends the link and marks the account's email verified, signed
 * in or not (the link is often opened on another device). A refused link says why (used, newer
 * link sent, expired, not valid), so the page can offer a new one.
 */
export async function verifyEmail(
  deps: Pick<VerificationDeps, 'db' | 'clock'>,
  token: string,
  client: RequestClient,
): Promise<{ email: string; email_verified: true }> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const link = await consumeAccountToken(trx, { purpose: 'email_verification', token, now });
    if (!link.ok) throw new AppError('BAD_REQUEST', LINK_REFUSALS[link.reason]);
    const account = await findAccountMailbox(trx, link.userId);
    // The address changed since the link was sent (the change proved the new one itself).
    if (!account || account.email !== link.data?.email) {
      throw new AppError('BAD_REQUEST', LINK_FOR_AN_OLD_ADDRESS);
    }
    if (!account.verified) {
      await trx
        .updateTable('users')
        .set({ email_verified_at: now.toISOString() })
        .where('id', '=', account.id)
        .execute();
      await recordSecurityEvent(trx, {
        userId: account.id,
        type: 'email_verified',
        client,
        at: now,
      });
    }
    return { email: account.email, email_verified: true as const };
  });
}

/**
 * `POST /api/auth/verify-email/resend`: a new link (the older one stops working), at most
 * VERIFICATION_MAILS_PER_HOUR an hour counting every verification link the account was sent.
 * The count and the new link are one step under the account's lock, so racing clicks cannot
 * pass the limit on either engine.
 */
export async function resendVerification(
  deps: VerificationDeps,
  userId: number,
  client: RequestClient,
): Promise<{ sent_to: string; expires_at: string }> {
  const now = deps.clock();
  return inAccountLock(deps.db, userId, async (trx) => {
    const account = await findAccountMailbox(trx, userId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found');
    if (account.verified) throw new AppError('CONFLICT', ALREADY_VERIFIED);
    const windowStart = new Date(now.getTime() - HOUR_MS).toISOString();
    const recent = await tokensIssuedSince(trx, userId, 'email_verification', windowStart);
    if (recent.length >= VERIFICATION_MAILS_PER_HOUR) {
      // The count drops below the limit when enough of the hour's links have aged out of it.
      const freeing = recent[recent.length - VERIFICATION_MAILS_PER_HOUR] ?? windowStart;
      const allowedAtMs = Date.parse(freeing) + HOUR_MS;
      const allowedAt = new Date(allowedAtMs).toISOString();
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `We sent you ${VERIFICATION_MAILS_PER_HOUR} links within the last hour, the most we send. Ask again after ${formatDateTime(allowedAt, account.timeZone)}; meanwhile, look for them in your spam folder.`,
        Math.max(1, Math.ceil((allowedAtMs - now.getTime()) / 1000)),
      );
    }
    const issued = await queueVerificationMail(trx, deps, account, client, now);
    await recordSecurityEvent(trx, {
      userId,
      type: 'email_verification_resent',
      client,
      at: now,
    });
    return { sent_to: account.email, expires_at: issued.expiresAt };
  });
}
