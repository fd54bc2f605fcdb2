import { sql, type Kysely } from 'kysely';

/**
 * Change orders (issue 38, docs/decisions/049): a change order is a contract row of its own that
 * names the contract it changes (`change_order_of`), so that it is written, signed, sent, reminded,
 * declined, withdrawn, sealed and verified as a contract is. It carries its number in that
 * contract's line, the change in price (more or less, in cents) and in days, how the change is
 * paid, and, once sent, the money of AIA G701 frozen as the document shows it.
 *
 * The contracts list and its counts show contracts, not change orders: the list's covering indexes
 * gain `change_order_of`, which every list reads as null.
 */
const CARD_COLUMNS = [
  'updated_at',
  'sent_at',
  'total_price_cents',
  'client_name',
  'expires_at',
  'last_reminder_at',
  'revision_number',
  'original_id',
  'closed_at',
  'view_count',
  'last_viewed_at',
  'search_text',
  'created_by_user_id',
  'sent_by_user_id',
  'paid_cents',
  'payment_due_at',
  'signer_count',
  'signers_signed',
];

async function listIndexes(db: Kysely<unknown>, extra: string[]): Promise<void> {
  await db.schema.dropIndex('contracts_company_list').execute();
  await db.schema.dropIndex('contracts_company_status_created').execute();
  await db.schema
    .createIndex('contracts_company_list')
    .on('contracts')
    .columns(['company_id', 'created_at desc', 'id desc', 'status', ...CARD_COLUMNS, ...extra])
    .execute();
  await db.schema
    .createIndex('contracts_company_status_created')
    .on('contracts')
    .columns(['company_id', 'status', 'created_at desc', 'id desc', ...CARD_COLUMNS, ...extra])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contracts')
    .addColumn('change_order_of', 'integer', (col) =>
      col.references('contracts.id').onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('contracts').addColumn('change_order_number', 'integer').execute();
  await db.schema.alterTable('contracts').addColumn('price_change_cents', 'integer').execute();
  await db.schema.alterTable('contracts').addColumn('days_change', 'integer').execute();
  /** JSON: {kind: 'spread'} | {kind: 'new_stage', label, trigger}. */
  await db.schema.alterTable('contracts').addColumn('change_payment_json', 'text').execute();
  /** JSON: the G701 money as sent (src/domain/change-order-money.ts); null while a draft. */
  await db.schema.alterTable('contracts').addColumn('change_money_json', 'text').execute();
  // One number per change order of a contract, whatever two tabs do.
  await sql`CREATE UNIQUE INDEX contracts_change_order_number
    ON contracts (change_order_of, change_order_number)
    WHERE change_order_of IS NOT NULL`.execute(db);
  await listIndexes(db, ['change_order_of']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM contracts WHERE change_order_of IS NOT NULL`.execute(db);
  await listIndexes(db, []);
  await db.schema.dropIndex('contracts_change_order_number').execute();
  for (const column of [
    'change_money_json',
    'change_payment_json',
    'days_change',
    'price_change_cents',
    'change_order_number',
    'change_order_of',
  ]) {
    await db.schema.alterTable('contracts').dropColumn(column).execute();
  }
}
