import { inAccountLock } from '../../db/account-lock.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { SIGN_IN_TIMED_OUT, type TwoFactorLoginInput } from '../../domain/two-factor.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import {
  consumeAccountToken,
  inspectAccountToken,
  issueAccountToken,
  type IssuedAccountToken,
} from '../account-tokens/account-tokens.service.js';
import {
  admitSignInAttempt,
  forgetSignInFailures,
  realSignInClock,
} from '../credentials/sign-in-throttle.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { createSession } from '../sessions/sessions.service.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { matchTotpStep } from './totp.js';
import { queueTwoFactorMail } from './two-factor-mails.js';
import type { TwoFactorDeps } from './two-factor.service.js';
import {
  admitCodeAttempt,
  claimCodeAlert,
  forgetCodeAttempt,
  recentSecondStepFailures,
  twoFactorThrottle,
} from './two-factor-throttle.js';
import {
  claimTotpStep,
  countRecoveryCodesLeft,
  findTwoFactorAccount,
  useRecoveryCode,
  type TwoFactorAccount,
} from './two-factor.repo.js';

/** How long the second step waits for its code after the right password. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

export const WRONG_CODE =
  'That code is not right. Enter the newest code from your authenticator app.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was already used.';
export const CODE_JUST_USED = 'That code was already used. Wait for the next code in your app.';

/**
 * After the right password: when the account has two-step sign-in on, a pending sign-in (an
 * account token of purpose `two_factor_login`, hashed at rest, single use, 5 minutes) instead of
 * a session. Its cookie opens nothing but the second step. Null when the account has it off.
 */
export async function startTwoFactorSignIn(
  db: DB,
  userId: number,
  client: RequestClient,
  now: Date,
): Promise<IssuedAccountToken | null> {
  const account = await findTwoFactorAccount(db, userId);
  if (!account?.totp_enabled_at) return null;
  return inAccountLock(db, userId, (trx) =>
    issueAccountToken(trx, {
      userId,
      purpose: 'two_factor_login',
      ttlMs: PENDING_SIGN_IN_MS,
      client,
      now,
    }),
  );
}

export interface TwoFactorSignedIn {
  user: { id: number; email: string };
  session: { token: string; expiresAtMs: number };
}

type Outcome = { ok: true; signedIn: TwoFactorSignedIn } | { ok: false; refusal: string };

/**
 * The second step: a code (or a recovery code) with the pending sign-in's token finishes the
 * sign-in. The code's step, or the recovery code, and the token are spent in the transaction
 * that makes the session, each by a conditional update: of two requests, one signs in.
 */
export async function finishTwoFactorSignIn(
  deps: TwoFactorDeps,
  pendingToken: string | undefined,
  input: TwoFactorLoginInput,
  client: RequestClient,
): Promise<TwoFactorSignedIn> {
  const now = deps.clock();
  const purpose = 'two_factor_login' as const;
  if (!pendingToken) throw new AppError('UNAUTHORIZED', SIGN_IN_TIMED_OUT);
  const pending = await inspectAccountToken(deps.db, { purpose, token: pendingToken, now });
  if (!pending.ok) throw new AppError('UNAUTHORIZED', SIGN_IN_TIMED_OUT);
  const account = await findTwoFactorAccount(deps.db, pending.userId);
  if (!account?.totp_enabled_at || !account.totp_secret) {
    throw new AppError('UNAUTHORIZED', SIGN_IN_TIMED_OUT);
  }
  await admitSignInAttempt(deps.db, account.email, client.ip, deps.signInClock ?? realSignInClock);

  const finish = async (trx: DbOrTrx, details: { second_step: string }) => {
    const spent = await consumeAccountToken(trx, { purpose, token: pendingToken, now });
    if (!spent.ok) throw new AppError('UNAUTHORIZED', SIGN_IN_TIMED_OUT);
    const session = await createSession(trx, account.id, client, now.getTime());
    await recordSecurityEvent(trx, {
      userId: account.id,
      type: 'sign_in',
      client,
      details,
      at: now,
    });
    return { user: { id: account.id, email: account.email }, session };
  };

  let outcome: Outcome;
  if (input.code !== undefined) {
    await admitCodeAttempt(deps.db, account.id, now.getTime());
    const sealedSecret = account.totp_secret;
    const step = matchTotpStep(deps.mailSealer.open(sealedSecret), input.code, now.getTime());
    outcome =
      step === null
        ? { ok: false, refusal: WRONG_CODE }
        : await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
            if (!(await claimTotpStep(trx, account.id, { sealedSecret, step }))) {
              return { ok: false, refusal: CODE_JUST_USED };
            }
            return { ok: true, signedIn: await finish(trx, { second_step: 'code' }) };
          });
    if (outcome.ok) await forgetCodeAttempt(deps.db, account.id);
  } else {
    const hash = hashRecoveryCode(input.recovery_code ?? '');
    outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
      if (!(await useRecoveryCode(trx, account.id, hash, now.toISOString()))) {
        return { ok: false, refusal: WRONG_RECOVERY_CODE };
      }
      const happened = { client, at: now };
      await recordSecurityEvent(trx, {
        userId: account.id,
        type: 'recovery_code_used',
        ...happened,
      });
      const signedIn = await finish(trx, { second_step: 'recovery_code' });
      const left = await countRecoveryCodesLeft(trx, account.id);
      const notice = { kind: 'codeUsed', recoveryCodesLeft: left } as const;
      await queueTwoFactorMail(trx, deps, account, notice, happened);
      return { ok: true, signedIn };
    });
  }
  if (!outcome.ok) {
    await refuseSecondStep(deps, account, client, now, input.code !== undefined);
    throw new AppError('UNAUTHORIZED', outcome.refusal);
  }
  await forgetSignInFailures(deps.db, account.email, client.ip);
  return outcome.signedIn;
}

/**
 * A wrong second step: a line in the log, and past a few in a quarter hour a mail to the owner
 * (at most daily), since whoever is typing codes knew the password.
 */
async function refuseSecondStep(
  deps: TwoFactorDeps,
  account: TwoFactorAccount,
  client: RequestClient,
  now: Date,
  withCode: boolean,
): Promise<void> {
  const details = { second_step: withCode ? 'code' : 'recovery_code' };
  await deps.db.transaction().execute(async (trx) => {
    await recordSecurityEvent(trx, {
      userId: account.id,
      type: 'two_factor_failed',
      client,
      details,
      at: now,
    });
    const failures = await recentSecondStepFailures(trx, account.id, now.getTime());
    if (failures < twoFactorThrottle.alertAfterFailures) return;
    if (!(await claimCodeAlert(trx, account.id, now.getTime()))) return;
    const notice = { kind: 'codeAlert', failures } as const;
    await queueTwoFactorMail(trx, deps, account, notice, { client, at: now });
  });
}
