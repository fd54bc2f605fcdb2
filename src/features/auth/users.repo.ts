import type { DbOrTrx } from '../../db/kysely.js';

export async function findUserByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(
  db: DbOrTrx,
  user: { email: string; passwordHash: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      created_at: user.createdAt,
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
