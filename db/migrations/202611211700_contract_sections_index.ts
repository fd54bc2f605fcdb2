import type { Kysely } from 'kysely';

/** The columns of a card on the contracts screen, carried in the list indexes. */
const CARD_COLUMNS = ['updated_at', 'sent_at', 'total_price_cents', 'client_name'];

/**
 * The contracts screen reads only indexes (issue 8, scale). A contract row is wide (snapshots,
 * signatures), so reading cards from the table touches many pages; these covering indexes hold
 * every column of a card:
 * - contracts_user_list: one owner's contracts newest first, for the whole list (REST);
 * - contracts_user_status_created: one section newest first, from a cursor, and its count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_user_created').execute();
  await db.schema
    .createIndex('contracts_user_list')
    .on('contracts')
    .columns(['user_id', 'created_at desc', 'id desc', 'status', ...CARD_COLUMNS])
    .execute();
  await db.schema
    .createIndex('contracts_user_status_created')
    .on('contracts')
    .columns(['user_id', 'status', 'created_at desc', 'id desc', ...CARD_COLUMNS])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_user_status_created').execute();
  await db.schema.dropIndex('contracts_user_list').execute();
  await db.schema
    .createIndex('contracts_user_created')
    .on('contracts')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
}
