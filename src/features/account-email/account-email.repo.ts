import type { DbOrTrx } from '../../db/kysely.js';
import type { AccountTokenPurpose } from '../../db/schema.js';
import { languageOr, type Language } from '../../domain/i18n/languages.js';

/** What the account's own mails need: where to, in which language, on which clock. */
export interface AccountMailbox {
  id: number;
  email: string;
  passwordHash: string;
  language: Language;
  timeZone: string | null;
  verified: boolean;
}

export async function findAccountMailbox(
  db: DbOrTrx,
  userId: number,
): Promise<AccountMailbox | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('preferences', 'preferences.company_id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.password_hash',
      'users.language',
      'users.email_verified_at',
      'preferences.time_zone',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    language: languageOr(row.language),
    timeZone: row.time_zone ?? null,
    verified: row.email_verified_at !== null,
  };
}

/** When each of the account's links of this purpose was issued since `since`, oldest first. */
export async function tokensIssuedSince(
  db: DbOrTrx,
  userId: number,
  purpose: AccountTokenPurpose,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('account_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => row.created_at);
}

/** Makes the account's live links of this purpose stop working, as a newer one would. */
export async function replaceLiveTokens(
  db: DbOrTrx,
  userId: number,
  purpose: AccountTokenPurpose,
  at: string,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ replaced_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

/** The sign-in email itself, verified by the link that proved it. */
export async function setSignInEmail(
  db: DbOrTrx,
  userId: number,
  email: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified_at: at })
    .where('id', '=', userId)
    .execute();
}
