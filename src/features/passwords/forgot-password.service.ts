import { inAccountLock } from '../../db/account-lock.js';
import { RESET_LINK_HOURS, type ForgotPasswordInput } from '../../domain/passwords.schemas.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { SignInClock } from '../../ports/sign-in-clock.js';
import { generateAccountToken } from '../account-tokens/account-token.js';
import { issueAccountToken } from '../account-tokens/account-tokens.service.js';
import { realSignInClock } from '../credentials/sign-in-throttle.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderPasswordResetMail } from '../mail/templates/index.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import type { PasswordDeps } from './password-deps.js';
import { admitResetRequest } from './password-reset-throttle.js';
import { findAccountByEmail, type PasswordAccount } from './passwords.repo.js';

const HOUR_MS = 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = RESET_LINK_HOURS * HOUR_MS;

/**
 * Every "forgot password" answer takes at least this long, with an account or without: the
 * work for an account (a token, a mail queued, a log line) takes longer than none, and a
 * stranger timing the answer must not learn which emails have accounts.
 */
export const FORGOT_ANSWER_FLOOR_MS = 1_000;

/**
 * "Forgot password": mails the account under this email a link to choose a new password, valid
 * 1 hour, and makes the account's older link stop working. The caller answers the same, at the
 * same speed, whether or not there is an account: the same counters, the same lookup and the
 * same mail rendered either way, then a wait up to FORGOT_ANSWER_FLOOR_MS.
 */
export async function requestPasswordReset(
  deps: PasswordDeps,
  input: ForgotPasswordInput,
  client: RequestClient,
): Promise<void> {
  const clock = deps.signInClock ?? realSignInClock;
  const startedMs = clock.now();
  const { mailAllowed } = await admitResetRequest(deps.db, input.email, client.ip, startedMs);
  const account = await findAccountByEmail(deps.db, input.email);
  const now = new Date(startedMs);
  if (!account) {
    // The mail an account would get, rendered and dropped: the same work as far as it goes.
    resetMail(deps, { email: input.email, language: 'en', time_zone: null }, client, {
      token: generateAccountToken(),
      expiresAt: new Date(startedMs + RESET_LINK_TTL_MS).toISOString(),
    });
  } else {
    await mailResetLink(deps, account, client, now, mailAllowed);
  }
  await waitUntil(clock, startedMs + FORGOT_ANSWER_FLOOR_MS);
}

/**
 * Issues the link and queues its mail with the log line, under the account's lock so two asks
 * racing leave one live link. Past the account's mail cap only the line is written: the newest
 * link already mailed keeps working.
 */
async function mailResetLink(
  deps: PasswordDeps,
  account: PasswordAccount,
  client: RequestClient,
  now: Date,
  mailAllowed: boolean,
): Promise<void> {
  await inAccountLock(deps.db, account.id, async (trx) => {
    if (mailAllowed) {
      const issued = await issueAccountToken(trx, {
        userId: account.id,
        purpose: 'password_reset',
        ttlMs: RESET_LINK_TTL_MS,
        client,
        now,
      });
      const mail = resetMail(deps, account, client, issued);
      await enqueueMail(trx, deps.mailSealer, {
        kind: 'password_reset',
        to: account.email,
        ...mail,
      });
    }
    await recordSecurityEvent(trx, {
      userId: account.id,
      type: 'password_reset_requested',
      client,
      details: { link_mailed: mailAllowed },
      at: now,
    });
  });
}

function resetMail(
  deps: PasswordDeps,
  account: Pick<PasswordAccount, 'email' | 'language' | 'time_zone'>,
  client: RequestClient,
  issued: { token: string; expiresAt: string },
) {
  return renderPasswordResetMail({
    email: account.email,
    link: `${deps.config.PUBLIC_URL}/reset-password/${issued.token}`,
    hours: RESET_LINK_HOURS,
    expiresAt: issued.expiresAt,
    userAgent: client.userAgent,
    ip: client.ip,
    language: account.language,
    timeZone: account.time_zone,
  });
}

/** Waits on the injected clock until `untilMs`: tests record the wait instead of sleeping. */
async function waitUntil(clock: SignInClock, untilMs: number): Promise<void> {
  const left = untilMs - clock.now();
  if (left > 0) await clock.wait(left);
}
