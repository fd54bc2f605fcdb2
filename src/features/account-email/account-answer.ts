import type { DbOrTrx } from '../../db/kysely.js';
import { isEmailVerified } from './account-email.repo.js';

/**
 * The account as sign-up, sign-in and "who is signed in" answer it, both transports alike: its
 * email and whether that email is verified (false only for an `open` sign-up not yet confirmed).
 */
export async function accountAnswer(
  db: DbOrTrx,
  user: { id: number; email: string },
): Promise<{ user: { email: string; email_verified: boolean } }> {
  return { user: { email: user.email, email_verified: await isEmailVerified(db, user.id) } };
}
