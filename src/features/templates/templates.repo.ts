import type { DbOrTrx } from '../../db/kysely.js';
import { companyIdOf, type CompanyId } from '../../domain/team.js';

const summaryColumns = ['id', 'name', 'is_preset', 'version', 'updated_at', 'preset_key'] as const;
/** Who wrote it: a member deletes only their own. */
const rowColumns = [...summaryColumns, 'created_by_user_id'] as const;

export async function listTemplateRows(db: DbOrTrx, companyId: CompanyId) {
  return db
    .selectFrom('templates')
    .select(summaryColumns)
    .where('company_id', '=', companyId)
    .orderBy('is_preset', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findTemplateRow(db: DbOrTrx, companyId: CompanyId, id: number) {
  return db
    .selectFrom('templates')
    .select([...rowColumns, 'html', 'preset_sha256'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDefaultTemplateRow(db: DbOrTrx, companyId: CompanyId) {
  return db
    .selectFrom('templates')
    .select([...summaryColumns, 'html'])
    .where('company_id', '=', companyId)
    .where('is_preset', '=', 1)
    .executeTakeFirst();
}

export async function findPresetRow(db: DbOrTrx, companyId: CompanyId, presetKey: string) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'html', 'preset_sha256', 'version'])
    .where('company_id', '=', companyId)
    .where('preset_key', '=', presetKey)
    .executeTakeFirst();
}

export async function insertTemplateRow(
  db: DbOrTrx,
  row: {
    companyId: CompanyId;
    createdBy: number;
    name: string;
    html: string;
    isDefault: boolean;
    now: string;
    presetKey?: string;
    presetSha256?: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('templates')
    .values({
      company_id: row.companyId,
      created_by_user_id: row.createdBy,
      name: row.name,
      html: row.html,
      is_preset: row.isDefault ? 1 : 0,
      version: 1,
      preset_key: row.presetKey ?? null,
      preset_sha256: row.presetSha256 ?? null,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes name and HTML and bumps the version; returns false when no row of this company matched. */
export async function updateTemplateRow(
  db: DbOrTrx,
  companyId: CompanyId,
  id: number,
  changes: { name: string; html: string; now: string; presetSha256?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('templates')
    .set((eb) => ({
      name: changes.name,
      html: changes.html,
      version: eb('version', '+', 1),
      updated_at: changes.now,
      ...(changes.presetSha256 === undefined ? {} : { preset_sha256: changes.presetSha256 }),
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTemplateRow(db: DbOrTrx, companyId: CompanyId, id: number) {
  const result = await db
    .deleteFrom('templates')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Clears the company's default marker; the caller then sets the new one in the same transaction. */
export async function clearDefaultTemplate(db: DbOrTrx, companyId: CompanyId) {
  await db
    .updateTable('templates')
    .set({ is_preset: 0 })
    .where('company_id', '=', companyId)
    .where('is_preset', '=', 1)
    .execute();
}

export async function markDefaultTemplate(db: DbOrTrx, companyId: CompanyId, id: number) {
  const result = await db
    .updateTable('templates')
    .set({ is_preset: 1 })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Each company once, named by its first owner's email (`tradesign seed-templates`); with an
 * email, the company of the person with it.
 */
export async function listCompaniesByEmail(db: DbOrTrx, email?: string) {
  let query = db
    .selectFrom('users')
    .select(['id', 'company_id', 'email'])
    .where('removed_at', 'is', null)
    .orderBy('id');
  query = email
    ? query.where('email', '=', email.toLowerCase())
    : query.where('role', '=', 'owner');
  const rows = await query.execute();
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.company_id) && seen.add(row.company_id))
    .map((row) => ({ companyId: companyIdOf(row.company_id), email: row.email, userId: row.id }));
}
