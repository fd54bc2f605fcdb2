import type { Kysely } from 'kysely';

/**
 * Several instances on one database (issue 18, docs/decisions/023).
 * - A claimed mail or render job carries the claim's random token. While claimed,
 *   `next_attempt_at` is the lease's end; past it, any instance may take the work again, and the
 *   token lets only the current holder record the outcome.
 * - `instance_settings` holds facts every instance must agree on, written once by the first:
 *   the fingerprint of the key that seals queued mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('lease_token', 'text').execute();
  await db.schema.alterTable('document_jobs').addColumn('lease_token', 'text').execute();
  await db.schema
    .createTable('instance_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_settings').execute();
  await db.schema.alterTable('document_jobs').dropColumn('lease_token').execute();
  await db.schema.alterTable('email_outbox').dropColumn('lease_token').execute();
}
