import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';

export async function insertAcceptance(
  db: DbOrTrx,
  row: {
    companyId: CompanyId;
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
      company_id: row.companyId,
      accepted_by_user_id: row.userId,
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
    .where('accepted_by_user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('accepted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
