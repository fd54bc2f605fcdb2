import type { DbOrTrx } from '../../db/kysely.js';

export async function insertAcceptance(
  db: DbOrTrx,
  row: {
    userId: number;
    type: string;
    typedName: string;
    version: string;
    ip: string;
    userAgent: string;
    now: string;
  },
) {
  await db
    .insertInto('acceptances')
    .values({
      user_id: row.userId,
      type: row.type,
      typed_name: row.typedName,
      disclaimer_version: row.version,
      ip: row.ip,
      user_agent: row.userAgent,
      accepted_at: row.now,
    })
    .execute();
}

export async function findLatestAcceptance(db: DbOrTrx, userId: number, type: string) {
  return db
    .selectFrom('acceptances')
    .select(['typed_name', 'accepted_at', 'disclaimer_version'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('accepted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
