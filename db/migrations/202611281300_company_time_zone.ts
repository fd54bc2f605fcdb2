import type { Kysely } from 'kysely';

/**
 * The company's time zone (issue 31): an IANA name the mails, the certificate, the timeline and
 * the webhook deliveries print times in. Null until the contractor sets it (onboarding offers
 * the browser's): times then stay in UTC, as every account's did before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('preferences').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('preferences').dropColumn('time_zone').execute();
}
