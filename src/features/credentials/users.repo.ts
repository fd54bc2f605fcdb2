import type { DbOrTrx } from '../../db/kysely.js';
import type { Language } from '../../domain/i18n/languages.js';
import type { CompanyId, TeamRole } from '../../domain/team.js';

export async function findUserByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'removed_at'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A new company, owned by the person about to be inserted into it. */
export async function insertCompany(db: DbOrTrx, createdAt: string): Promise<CompanyId> {
  const row = await db
    .insertInto('companies')
    .values({ created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertUser(
  db: DbOrTrx,
  user: {
    email: string;
    passwordHash: string;
    createdAt: string;
    language: Language;
    companyId: CompanyId;
    role: TeamRole;
    name?: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      created_at: user.createdAt,
      language: user.language,
      company_id: user.companyId,
      role: user.role,
      name: user.name ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePasswordHash(db: DbOrTrx, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

/**
 * Marks the account as the install's first, when no account was first before it: one insert
 * that, of two sign-ups racing on an empty database, only one wins (PostgreSQL's ON CONFLICT
 * waits for the other's uncommitted insert; SQLite runs one transaction at a time).
 */
export async function claimFirstAccount(db: DbOrTrx, userId: number, at: string) {
  const claimed = await db
    .insertInto('instance_settings')
    .values({ name: 'first_account', value: String(userId), created_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function markEmailVerified(db: DbOrTrx, userId: number, at: string) {
  await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).execute();
}
