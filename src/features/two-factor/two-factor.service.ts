import type { Config } from '../../config.js';
import { inAccountLock } from '../../db/account-lock.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type {
  RecoveryCodesAnswer,
  TwoFactorConfirmInput,
  TwoFactorSetup,
} from '../../domain/two-factor.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { MailSealer } from '../../ports/mail-sealer.js';
import type { SessionUser } from '../../ports/session.js';
import type { SignInClock } from '../../ports/sign-in-clock.js';
import { verifyPassword } from '../credentials/password.js';
import {
  admitSignInAttempt,
  forgetSignInFailures,
  realSignInClock,
} from '../credentials/sign-in-throttle.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.js';
import { generateTotpSecret, matchTotpStep, otpauthUrl, qrCodeSvg } from './totp.js';
import { queueTwoFactorMail } from './two-factor-mails.js';
import { admitCodeAttempt, forgetCodeAttempt } from './two-factor-throttle.js';
import {
  claimTotpStep,
  clearTwoFactor,
  enableWithPendingSecret,
  findTwoFactorAccount,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  type TwoFactorAccount,
} from './two-factor.repo.js';

/** What two-step sign-in needs of the app (AppDeps and the tRPC context both have it). */
export interface TwoFactorDeps {
  db: DB;
  mailSealer: MailSealer;
  config: Pick<Config, 'PUBLIC_URL'>;
  /** The time codes are checked against; tests move it. */
  clock: () => Date;
  signInClock?: SignInClock;
}

/** An API key acts for integrations: it may not change how the person signs in (403). */
export const TWO_FACTOR_NEEDS_A_PERSON =
  'Two-step sign-in is set up in Settings → Security by a person signed in, not with an API key';
export const ALREADY_ON = 'Two-step sign-in is already on.';
export const NOT_ON = 'Two-step sign-in is off.';
export const SETUP_FIRST = 'Start again with “Turn on”: there is no key being set up.';
export const WRONG_SETUP_CODE =
  'That code is not right. Check that the time on your phone is right, then enter the newest code the app shows for TradeSign.';
export const WRONG_PASSWORD = 'That password is not right.';
export const WRONG_SECOND_FACTOR =
  'That code is not right. Enter the newest code from your authenticator app, or an unused recovery code.';
export const CODE_ALREADY_USED = 'That code was already used. Wait for the next code in your app.';

async function accountOf(db: DbOrTrx, userId: number): Promise<TwoFactorAccount> {
  const account = await findTwoFactorAccount(db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return account;
}

/**
 * Starts setting it up: a new key, kept sealed as the pending key until a code from it turns it
 * on, and shown this once as text, as an otpauth URL and as a QR code.
 */
export async function setUpTwoFactor(
  deps: TwoFactorDeps,
  user: SessionUser,
): Promise<TwoFactorSetup> {
  const account = await accountOf(deps.db, user.id);
  if (account.totp_enabled_at) throw new AppError('BAD_REQUEST', ALREADY_ON);
  const secret = generateTotpSecret();
  await savePendingSecret(deps.db, user.id, deps.mailSealer.seal(secret));
  const url = otpauthUrl(secret, account.email);
  return { secret, otpauth_url: url, qr_svg: await qrCodeSvg(url) };
}

/**
 * Turns it on after one good code from the pending key, and answers the recovery codes, shown
 * this once. The change, its log line and its mail are one transaction.
 */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  user: SessionUser,
  code: string,
  client: RequestClient,
): Promise<RecoveryCodesAnswer> {
  const now = deps.clock();
  return inAccountLock(deps.db, user.id, async (trx) => {
    const account = await accountOf(trx, user.id);
    if (account.totp_enabled_at) throw new AppError('BAD_REQUEST', ALREADY_ON);
    if (!account.totp_pending_secret) throw new AppError('BAD_REQUEST', SETUP_FIRST);
    const secret = deps.mailSealer.open(account.totp_pending_secret);
    const step = matchTotpStep(secret, code, now.getTime());
    if (step === null) throw new AppError('BAD_REQUEST', WRONG_SETUP_CODE);
    const change = { pendingSealed: account.totp_pending_secret, step, at: now.toISOString() };
    if (!(await enableWithPendingSecret(trx, user.id, change))) {
      throw new AppError('BAD_REQUEST', CODE_ALREADY_USED);
    }
    const codes = generateRecoveryCodes();
    await replaceRecoveryCodes(trx, user.id, codes.hashes, now.toISOString());
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'two_factor_enabled',
      client,
      at: now,
    });
    await queueTwoFactorMail(trx, deps, account, { kind: 'enabled' }, { client, at: now });
    return { recovery_codes: codes.shown };
  });
}

/**
 * Checks the password and the second factor of a change in Settings, throttled as sign-ins are
 * (a stolen session must not become a way to guess either), then runs `change` under the
 * account's lock, spending the code there: of two changes with the same code, one runs.
 */
async function withPasswordAndSecondFactor<T>(
  deps: TwoFactorDeps,
  user: SessionUser,
  input: TwoFactorConfirmInput,
  client: RequestClient,
  change: (trx: DbOrTrx, account: TwoFactorAccount, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  const account = await accountOf(deps.db, user.id);
  const secretSealed = account.totp_secret;
  if (!account.totp_enabled_at || !secretSealed) throw new AppError('BAD_REQUEST', NOT_ON);
  await admitSignInAttempt(deps.db, account.email, client.ip, deps.signInClock ?? realSignInClock);
  // The password is checked outside the lock: argon2 is slow, and SQLite's lock is the file's.
  if (!(await verifyPassword(account.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
  }
  const { code } = input;
  let step: number | null = null;
  if (code.kind === 'code') {
    await admitCodeAttempt(deps.db, user.id, now.getTime());
    step = matchTotpStep(deps.mailSealer.open(secretSealed), code.value, now.getTime());
    if (step === null) throw new AppError('BAD_REQUEST', WRONG_SECOND_FACTOR);
  }
  const result = await inAccountLock(deps.db, user.id, async (trx) => {
    if (step !== null) {
      if (!(await claimTotpStep(trx, user.id, { sealedSecret: secretSealed, step }))) {
        throw new AppError('BAD_REQUEST', CODE_ALREADY_USED);
      }
    } else {
      const hash = hashRecoveryCode(code.value);
      if (!(await useRecoveryCode(trx, user.id, hash, now.toISOString()))) {
        throw new AppError('BAD_REQUEST', WRONG_SECOND_FACTOR);
      }
      await recordSecurityEvent(trx, {
        userId: user.id,
        type: 'recovery_code_used',
        client,
        at: now,
      });
    }
    return change(trx, account, now);
  });
  await forgetSignInFailures(deps.db, account.email, client.ip);
  if (step !== null) await forgetCodeAttempt(deps.db, user.id);
  return result;
}

/** Turns it off: the key and the recovery codes go; signing in asks for the password only. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  user: SessionUser,
  input: TwoFactorConfirmInput,
  client: RequestClient,
): Promise<void> {
  await withPasswordAndSecondFactor(deps, user, input, client, async (trx, account, now) => {
    await clearTwoFactor(trx, user.id);
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'two_factor_disabled',
      client,
      at: now,
    });
    await queueTwoFactorMail(trx, deps, account, { kind: 'disabled' }, { client, at: now });
  });
}

/** New recovery codes, shown this once; the old ones, used or not, stop working. */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  user: SessionUser,
  input: TwoFactorConfirmInput,
  client: RequestClient,
): Promise<RecoveryCodesAnswer> {
  return withPasswordAndSecondFactor(deps, user, input, client, async (trx, account, now) => {
    const codes = generateRecoveryCodes();
    await replaceRecoveryCodes(trx, user.id, codes.hashes, now.toISOString());
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'recovery_codes_replaced',
      client,
      at: now,
    });
    await queueTwoFactorMail(trx, deps, account, { kind: 'codesReplaced' }, { client, at: now });
    return { recovery_codes: codes.shown };
  });
}
