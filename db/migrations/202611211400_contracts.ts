import { sql, type Kysely } from 'kysely';
import { engineOf, generatedId } from '../../src/db/engine.js';

/** Contracts and their append-only audit trail (docs/decisions/021). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contracts')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status IN ('draft', 'sent', 'signed', 'completed')`),
    )
    .addColumn('client_name', 'text')
    .addColumn('client_email', 'text')
    .addColumn('client_phone', 'text')
    .addColumn('client_address', 'text')
    // JSON documents (text): the note list, the cleaned scope, the payment stages.
    .addColumn('scope_raw', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('scope_clean', 'text')
    .addColumn('total_price_cents', 'integer')
    .addColumn('payment_plan_json', 'text')
    .addColumn('my_signature_png', 'text')
    .addColumn('my_signed_at', 'text')
    .addColumn('client_data', 'text')
    .addColumn('client_signed_at', 'text')
    .addColumn('client_signature_png', 'text')
    // The frozen snapshot the client signs (rendered HTML) and its SHA-256; the template source it
    // came from and its data are kept, so the signed copy adds the client's signature to the very
    // same text.
    .addColumn('template_html', 'text')
    .addColumn('template_sha256', 'text')
    .addColumn('template_source', 'text')
    // JSON: the exact data the snapshot was rendered with (logo as a data URL included).
    .addColumn('template_data', 'text')
    // The executed copy as HTML: the snapshot with both signatures and the audit trail.
    .addColumn('signed_html', 'text')
    .addColumn('company_name', 'text')
    .addColumn('company_phone', 'text')
    .addColumn('company_email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The list: one owner's contracts, newest first.
  await db.schema
    .createIndex('contracts_user_created')
    .on('contracts')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('contract_events')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    // Who acted and from where, when a person did (null for the system's own steps).
    .addColumn('actor', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema
    .createIndex('contract_events_contract')
    .on('contract_events')
    .columns(['contract_id', 'id'])
    .execute();
  // Append-only: the audit trail cannot be edited, even by a bug in the app.
  if (engineOf(db) === 'postgres') {
    await sql`CREATE FUNCTION contract_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'contract events are append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER contract_events_no_update BEFORE UPDATE ON contract_events
      FOR EACH ROW EXECUTE FUNCTION contract_events_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER contract_events_no_update BEFORE UPDATE ON contract_events
      BEGIN SELECT RAISE(ABORT, 'contract events are append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_events').execute();
  if (engineOf(db) === 'postgres')
    await sql`DROP FUNCTION contract_events_append_only()`.execute(db);
  await db.schema.dropTable('contracts').execute();
}
