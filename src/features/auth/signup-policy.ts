import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { SignupStatus } from '../../domain/account-email.schemas.js';
import { AppError } from '../../lib/app-error.js';

/** Sign-up refused in `invite` mode once the install has its first account. */
export const SIGNUP_NOT_OPEN =
  'This TradeSign server is not open for sign-up. Ask its owner for an invitation.';

/** Sign-up refused in `closed` mode, with the way in for whoever runs the server. */
export const SIGNUP_CLOSED = `${SIGNUP_NOT_OPEN} If you run this server, create its first account with \`tradesign create-owner\`.`;

/** True once an account was the install's first (instance_settings, docs/decisions/041). */
export async function firstAccountClaimed(db: DbOrTrx): Promise<boolean> {
  const row = await db
    .selectFrom('instance_settings')
    .select('name')
    .where('name', '=', 'first_account')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the sign-up page may show its form (SIGNUP_MODE, docs/decisions/043): `open` always,
 * `invite` until the install's first account exists, `closed` never. The sign-up itself checks
 * again in its transaction, so a page loaded earlier cannot slip past.
 */
export async function signupStatus(
  db: DbOrTrx,
  config: Pick<Config, 'SIGNUP_MODE'>,
): Promise<SignupStatus> {
  const mode = config.SIGNUP_MODE;
  if (mode === 'closed') return { mode, can_sign_up: false, message: SIGNUP_CLOSED };
  if (mode === 'invite' && (await firstAccountClaimed(db))) {
    return { mode, can_sign_up: false, message: SIGNUP_NOT_OPEN };
  }
  return { mode, can_sign_up: true, message: null };
}

/** Refuses a sign-up this server does not take, with why and what to do (a 403). */
export async function assertSignupOpen(
  db: DbOrTrx,
  config: Pick<Config, 'SIGNUP_MODE'>,
): Promise<void> {
  const status = await signupStatus(db, config);
  if (!status.can_sign_up) throw new AppError('FORBIDDEN', status.message ?? SIGNUP_NOT_OPEN);
}
