import { sql, type Kysely } from 'kysely';
import { generatedId } from '../../src/db/engine.js';

/**
 * Signed webhooks (issue 19, docs/decisions/025).
 * - An endpoint's secret must sign, so it is sealed with the mail key, not hashed. During a
 *   rotation the previous secret also signs until `previous_secret_expires_at`.
 * - A delivery is written in the transaction of the event it reports, and claimed with a lease
 *   like the mail outbox (docs/decisions/023). `event_id` is the `webhook-id` header: the same on
 *   every retry and redelivery, so a receiver can drop duplicates.
 * - `dedupe_key` makes an event that must be reported once (the first opening) unique per
 *   endpoint, even when two requests race to report it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    // JSON: the event types it receives, e.g. ["contract.signed"].
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    // The API key that registered it (an integration subscribing itself); revoking the key stops
    // the endpoint, so a leaked key leaves nothing behind once revoked. Null: made in Settings.
    .addColumn('created_by_api_key', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_user')
    .on('webhook_endpoints')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('endpoint_id', 'integer', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status IN ('pending', 'delivering', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_once')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'dedupe_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
