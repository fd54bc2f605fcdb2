import { expect } from 'vitest';
import type { Insertable } from 'kysely';
import { sessionUserOf } from '../features/sessions/sessions.service.js';
import type { SessionUser } from '../ports/session.js';
import type { DbOrTrx } from '../db/kysely.js';
import type { UsersTable } from '../db/schema.js';
import type { CompanyId } from '../domain/team.js';

type PersonValues = Omit<Insertable<UsersTable>, 'company_id' | 'password_hash' | 'created_at'> &
  Partial<Pick<Insertable<UsersTable>, 'password_hash' | 'created_at'>>;

/**
 * A person straight into the database, for tests below the HTTP layer: the owner of a company of
 * their own, or, with `companyId`, one more person of that company (docs/decisions/045).
 */
export async function insertPerson(
  db: DbOrTrx,
  values: PersonValues,
  companyId?: CompanyId,
): Promise<{ id: number; company_id: CompanyId }> {
  const createdAt = values.created_at ?? new Date().toISOString();
  const company =
    companyId ??
    (
      await db
        .insertInto('companies')
        .values({ created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return db
    .insertInto('users')
    .values({
      password_hash: 'not-a-real-hash',
      ...values,
      created_at: createdAt,
      company_id: company,
    })
    .returning(['id', 'company_id'])
    .executeTakeFirstOrThrow();
}

/** A person and their company by email, for tests that act below the HTTP layer. */
export async function personByEmail(
  db: DbOrTrx,
  email: string,
): Promise<{ id: number; company_id: CompanyId }> {
  return db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** The person as a session of theirs would carry them, for calling a service directly. */
export async function sessionUserByEmail(db: DbOrTrx, email: string): Promise<SessionUser> {
  const row = await db
    .selectFrom('users')
    .select(['id as user_id', 'email', 'name', 'company_id', 'role'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return sessionUserOf(row);
}

/**
 * What the signed-in answer adds for the owner of a company made by sign-up (issue 35): their
 * id, no name yet, and the owner's role.
 */
export const SIGNED_UP_OWNER = { id: expect.any(Number) as unknown, name: null, role: 'owner' };
