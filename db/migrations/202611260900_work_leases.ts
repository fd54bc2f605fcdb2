import type { Kysely } from 'kysely';

/**
 * Work shared by several instances (issue 18, docs/decisions/023): a claimed mail or render job
 * carries the claim's random token. While claimed, `next_attempt_at` is the lease's end; past it,
 * any instance may take the work again, and the token lets only the current holder record the
 * outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('lease_token', 'text').execute();
  await db.schema.alterTable('document_jobs').addColumn('lease_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('document_jobs').dropColumn('lease_token').execute();
  await db.schema.alterTable('email_outbox').dropColumn('lease_token').execute();
}
