import type { Kysely } from 'kysely';

/**
 * The contracts screen pages each section (drafts, awaiting signature, completed) newest first
 * and shows each section's count. This index serves both without touching the table: the page
 * is a range scan from the cursor, the count is a scan of the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('contracts_user_status_created')
    .on('contracts')
    .columns(['user_id', 'status', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_user_status_created').execute();
}
