import type { DbOrTrx } from '../../db/kysely.js';

/**
 * What the password paths need of an account: its address, the language and time zone its mails
 * are written in, its hash, and whether two-factor sign-in is on.
 */
function accountQuery(db: DbOrTrx) {
  return db
    .selectFrom('users')
    .leftJoin('preferences', 'preferences.company_id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.password_hash',
      'users.language',
      'users.totp_enabled_at',
      'preferences.time_zone',
    ]);
}

export type PasswordAccount = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;

export async function findAccountByEmail(db: DbOrTrx, email: string) {
  return accountQuery(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findAccountById(db: DbOrTrx, userId: number) {
  return accountQuery(db).where('users.id', '=', userId).executeTakeFirst();
}

/**
 * Ends the account's two-factor sign-ins still waiting for their code: each began with the old
 * password, which no longer opens the account. Marked replaced, as a newer link would be.
 */
export async function withdrawPendingSignIns(db: DbOrTrx, userId: number, at: string) {
  await db
    .updateTable('account_tokens')
    .set({ replaced_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'two_factor_login')
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}
