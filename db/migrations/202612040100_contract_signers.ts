import { sql, type Kysely } from 'kysely';
import { generatedId } from '../../src/db/engine.js';

/**
 * Both homeowners sign (issue 37, docs/decisions/048):
 * - `contract_signers`: each client who signs a sent contract, in order (position 1 is the client
 *   of record), with their own language, openings, reminders, signature and decline.
 * - `signing_links.signer_id`: every link is one signer's.
 * - `contracts.signing_order` ('together' or 'in_order'), and a draft's other signers as typed
 *   (`co_signers_json`); the card's "1 of 2 signed" (`signer_count`, `signers_signed`), kept in
 *   each signature's transaction.
 * Every contract sent before becomes a contract with one signer, carrying the signature, the name
 * typed, the openings, the reminders and the decline it had; its links become that signer's. The contract's own
 * copies of the client's signature and typed name are then dropped: the signer holds them.
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
];
const SIGNER_CARD_COLUMNS = ['signer_count', 'signers_signed'];

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
    .createTable('contract_signers')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) =>
      col.notNull().check(sql`position >= 1 AND position <= 4`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('invited_at', 'text')
    .addColumn('first_viewed_at', 'text')
    .addColumn('last_viewed_at', 'text')
    .addColumn('view_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reminders_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_reminder_at', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('signed_name', 'text')
    .addColumn('signature_png', 'text')
    .addColumn('declined_at', 'text')
    .addUniqueConstraint('contract_signers_position', ['contract_id', 'position'])
    .execute();

  await db.schema
    .alterTable('contracts')
    .addColumn('signing_order', 'text', (col) =>
      col
        .notNull()
        .defaultTo('together')
        .check(sql`signing_order IN ('together', 'in_order')`),
    )
    .execute();
  await db.schema.alterTable('contracts').addColumn('co_signers_json', 'text').execute();
  await db.schema
    .alterTable('contracts')
    .addColumn('signer_count', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('contracts')
    .addColumn('signers_signed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('signing_links')
    .addColumn('signer_id', 'integer', (col) =>
      col.references('contract_signers.id').onDelete('cascade'),
    )
    .execute();

  // Every sent contract's client becomes its one signer.
  await sql`
    INSERT INTO contract_signers (contract_id, position, name, email, phone, language, invited_at,
      first_viewed_at, last_viewed_at, view_count, reminders_sent, last_reminder_at, signed_at,
      signed_name, signature_png, declined_at)
    SELECT c.id, 1, coalesce(c.client_name, ''), coalesce(c.client_email, ''), c.client_phone,
      c.language, c.sent_at,
      (SELECT min(e.at) FROM contract_events e WHERE e.contract_id = c.id AND e.type = 'viewed'),
      c.last_viewed_at, c.view_count,
      (SELECT count(*) FROM signing_links l WHERE l.contract_id = c.id AND l.purpose = 'reminder'),
      c.last_reminder_at, c.client_signed_at, c.client_signed_name,
      c.client_signature_png, CASE WHEN c.status = 'declined' THEN c.closed_at END
    FROM contracts c
    WHERE c.status <> 'draft'`.execute(db);
  await sql`
    UPDATE signing_links SET signer_id = (
      SELECT s.id FROM contract_signers s
      WHERE s.contract_id = signing_links.contract_id AND s.position = 1)`.execute(db);
  await sql`UPDATE contracts SET signers_signed = 1 WHERE client_signed_at IS NOT NULL`.execute(db);

  await db.schema.alterTable('contracts').dropColumn('client_signature_png').execute();
  await db.schema.alterTable('contracts').dropColumn('client_signed_name').execute();
  await db.schema
    .createIndex('signing_links_signer')
    .on('signing_links')
    .columns(['signer_id', 'created_at'])
    .execute();
  await listIndexes(db, SIGNER_CARD_COLUMNS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await listIndexes(db, []);
  await db.schema.alterTable('contracts').addColumn('client_signature_png', 'text').execute();
  await db.schema.alterTable('contracts').addColumn('client_signed_name', 'text').execute();
  await sql`
    UPDATE contracts SET
      client_signature_png = (SELECT s.signature_png FROM contract_signers s
        WHERE s.contract_id = contracts.id AND s.position = 1),
      client_signed_name = (SELECT s.signed_name FROM contract_signers s
        WHERE s.contract_id = contracts.id AND s.position = 1)`.execute(db);
  await db.schema.dropIndex('signing_links_signer').execute();
  await db.schema.alterTable('signing_links').dropColumn('signer_id').execute();
  await db.schema.alterTable('contracts').dropColumn('signers_signed').execute();
  await db.schema.alterTable('contracts').dropColumn('signer_count').execute();
  await db.schema.alterTable('contracts').dropColumn('co_signers_json').execute();
  await db.schema.alterTable('contracts').dropColumn('signing_order').execute();
  await db.schema.dropTable('contract_signers').execute();
}
