import { sql, type Kysely } from 'kysely';
import { generatedId } from '../../src/db/engine.js';

/** The email outbox (docs/decisions/009) and client signing links (docs/decisions/009). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('contract_id', 'integer', (col) =>
      col.references('contracts.id').onDelete('set null'),
    )
    // e.g. 'signing_request', 'signed_copy_client', 'signed_copy_contractor'.
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    // Bodies are cleared once the mail is delivered or given up: they may carry a signing link.
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    // JSON: [{filename, contentType, content (base64)}]
    .addColumn('attachments', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status IN ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_due')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('email_outbox_contract')
    .on('email_outbox')
    .column('contract_id')
    .execute();

  await db.schema
    .createTable('signing_links')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    // SHA-256 (hex) of the token: the token itself is never stored.
    .addColumn('token_sha256', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('signing_links_contract')
    .on('signing_links')
    .column('contract_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signing_links').execute();
  await db.schema.dropTable('email_outbox').execute();
}
