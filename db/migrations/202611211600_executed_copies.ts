import { sql, type Kysely } from 'kysely';
import { bytesType, generatedId } from '../../src/db/engine.js';

/** The sealed executed copy: render jobs, the stored PDFs, and the app's sealing key. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_jobs')
    .addColumn('contract_id', 'integer', (col) =>
      col.primaryKey().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status IN ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('document_jobs_due')
    .on('document_jobs')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('contract_id', 'integer', (col) =>
      col.primaryKey().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('pdf', bytesType(db), (col) => col.notNull())
    // SHA-256 (hex) of the whole sealed file: what /verify looks up.
    .addColumn('pdf_sha256', 'text', (col) => col.notNull().unique())
    .addColumn('contract_pages_sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sealing_keys')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('p12', bytesType(db), (col) => col.notNull())
    .addColumn('passphrase', 'text', (col) => col.notNull())
    .addColumn('fingerprint_sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sealing_keys').execute();
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('document_jobs').execute();
}
