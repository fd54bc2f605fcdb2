import type { DbOrTrx } from '../../db/kysely.js';

const summaryColumns = ['id', 'name', 'is_preset', 'version', 'updated_at', 'preset_key'] as const;

export async function listTemplateRows(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('templates')
    .select(summaryColumns)
    .where('user_id', '=', userId)
    .orderBy('is_preset', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findTemplateRow(db: DbOrTrx, userId: number, id: number) {
  return db
    .selectFrom('templates')
    .select([...summaryColumns, 'html', 'preset_key', 'preset_sha256'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDefaultTemplateRow(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('templates')
    .select([...summaryColumns, 'html'])
    .where('user_id', '=', userId)
    .where('is_preset', '=', 1)
    .executeTakeFirst();
}

export async function findPresetRow(db: DbOrTrx, userId: number, presetKey: string) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'html', 'preset_sha256', 'version'])
    .where('user_id', '=', userId)
    .where('preset_key', '=', presetKey)
    .executeTakeFirst();
}

export async function insertTemplateRow(
  db: DbOrTrx,
  row: {
    userId: number;
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
      user_id: row.userId,
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

/** Changes name and HTML and bumps the version; returns false when no row of this owner matched. */
export async function updateTemplateRow(
  db: DbOrTrx,
  userId: number,
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
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTemplateRow(db: DbOrTrx, userId: number, id: number) {
  const result = await db
    .deleteFrom('templates')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Clears the owner's default marker; the caller then sets the new one in the same transaction. */
export async function clearDefaultTemplate(db: DbOrTrx, userId: number) {
  await db
    .updateTable('templates')
    .set({ is_preset: 0 })
    .where('user_id', '=', userId)
    .where('is_preset', '=', 1)
    .execute();
}

export async function markDefaultTemplate(db: DbOrTrx, userId: number, id: number) {
  const result = await db
    .updateTable('templates')
    .set({ is_preset: 1 })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listUserIds(db: DbOrTrx, email?: string) {
  let query = db.selectFrom('users').select(['id', 'email']).orderBy('id');
  if (email) query = query.where('email', '=', email.toLowerCase());
  return query.execute();
}
