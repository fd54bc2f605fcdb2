import type { Kysely } from 'kysely';

/**
 * Issue 33, the homeowner cannot be flooded with mail:
 * - `preferences.client_emails_per_day`: how many emails the account may send its clients in any
 *   24 hours, all contracts together (200 unless the owner changes it in Settings, Reminders &
 *   alerts).
 * - `contract_events_mail_at`: the events recorded with each email to a client are what the
 *   limits count (src/features/follow-up/client-mail-budget.ts); this index finds the last 24
 *   hours' of them by type without reading every event of every contract of the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('preferences')
    .addColumn('client_emails_per_day', 'integer', (col) => col.notNull().defaultTo(200))
    .execute();
  await db.schema
    .createIndex('contract_events_mail_at')
    .on('contract_events')
    .columns(['type', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contract_events_mail_at').execute();
  await db.schema.alterTable('preferences').dropColumn('client_emails_per_day').execute();
}
