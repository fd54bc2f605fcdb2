import type { Kysely } from 'kysely';

/**
 * Replies reach a person (issue 31, docs/decisions/034). A queued mail keeps how it presents
 * itself, decided when it is queued: From's display name ("Greenline Irrigation via TradeSign";
 * null keeps MAIL_FROM's) and the Reply-To mailbox (null: none). From's address stays MAIL_FROM's.
 * Mails queued before have none, and go as they always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('from_name', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('reply_to_address', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('reply_to_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('reply_to_name').execute();
  await db.schema.alterTable('email_outbox').dropColumn('reply_to_address').execute();
  await db.schema.alterTable('email_outbox').dropColumn('from_name').execute();
}
