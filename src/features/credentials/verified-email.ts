import type { DbOrTrx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';

/** The 403 of a send before the account's email is verified. */
export function unverifiedSendRefusal(email: string): string {
  return `Confirm your email address before you send your first contract. We sent a link to ${email}.`;
}

/**
 * The gate before a contract's first send (issue 34, docs/decisions/043): an account signed up in
 * `open` mode proves its address first, so nobody mails homeowners from an address they do not
 * own. It reads the users' row only, so sending needs nothing of the email features above it.
 */
export async function requireVerifiedEmail(db: DbOrTrx, userId: number): Promise<void> {
  const account = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (account && account.email_verified_at === null) {
    throw new AppError('FORBIDDEN', unverifiedSendRefusal(account.email));
  }
}
