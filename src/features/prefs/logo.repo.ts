import type { DbOrTrx } from '../../db/kysely.js';

export async function insertLogo(
  db: DbOrTrx,
  logo: { id: string; userId: number; contentType: string; bytes: Uint8Array; now: string },
) {
  await db
    .insertInto('logos')
    .values({
      id: logo.id,
      user_id: logo.userId,
      content_type: logo.contentType,
      bytes: logo.bytes,
      created_at: logo.now,
    })
    .execute();
}

export async function deleteLogosOfUser(db: DbOrTrx, userId: number) {
  await db.deleteFrom('logos').where('user_id', '=', userId).execute();
}

export async function findLogo(db: DbOrTrx, id: string) {
  return db
    .selectFrom('logos')
    .select(['content_type', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
}
