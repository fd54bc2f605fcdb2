import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';

export async function insertLogo(
  db: DbOrTrx,
  logo: {
    id: string;
    companyId: CompanyId;
    createdBy: number;
    contentType: string;
    bytes: Uint8Array;
    now: string;
  },
) {
  await db
    .insertInto('logos')
    .values({
      id: logo.id,
      company_id: logo.companyId,
      created_by_user_id: logo.createdBy,
      content_type: logo.contentType,
      bytes: logo.bytes,
      created_at: logo.now,
    })
    .execute();
}

export async function deleteLogosOfCompany(db: DbOrTrx, companyId: CompanyId) {
  await db.deleteFrom('logos').where('company_id', '=', companyId).execute();
}

export async function findLogo(db: DbOrTrx, id: string) {
  return db
    .selectFrom('logos')
    .select(['content_type', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
}
