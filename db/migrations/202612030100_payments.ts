import { sql, type Kysely } from 'kysely';
import { bytesType, generatedId } from '../../src/db/engine.js';

/**
 * Getting paid (issue 36, docs/decisions/046):
 * - `payment_settings`: a company's Stripe account, its secret key and webhook signing secret
 *   sealed with the mail key (as webhook and two-factor secrets are), the hints shown masked, the
 *   methods offered, and the random id in its webhook URL.
 * - `payments`: every payment of a stage, by Stripe or recorded by hand. One stage is paid once:
 *   a unique index over the payments that hold the stage (processing, paid, partly refunded, not
 *   undone) refuses a second, whatever the code does.
 * - `payment_requests`: the emailed "pay this stage" links, found by SHA-256 of the token.
 * - `checkout_sessions`: every Checkout Session we made, so that an event names one of ours, a
 *   double tap reuses the open one, and the page the client returns to finds its contract.
 * - `stripe_events`: each event id processed once per company, with what came of it.
 * - `contracts`: what the card and the "Payment due" filter read, kept in the payment's
 *   transaction: the cents paid, and since when a payment has been due (null: none is).
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
];
const PAYMENT_CARD_COLUMNS = ['paid_cents', 'payment_due_at'];

const HOLDING_STATUSES = sql.raw(`('processing', 'paid', 'partly_refunded')`);

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
    .createTable('payment_settings')
    .addColumn('company_id', 'integer', (col) =>
      col.primaryKey().references('companies.id').onDelete('cascade'),
    )
    .addColumn('hook_id', 'text', (col) => col.notNull().unique())
    .addColumn('stripe_secret_key', 'text')
    .addColumn('stripe_secret_key_hint', 'text')
    .addColumn('stripe_webhook_secret', 'text')
    .addColumn('stripe_webhook_secret_hint', 'text')
    .addColumn('methods', 'text', (col) => col.notNull().defaultTo('["card"]'))
    .addColumn('account_name', 'text')
    .addColumn('receipt_alerts_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'integer', (col) =>
      col.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('stage_index', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('checkout_sessions_stage')
    .on('checkout_sessions')
    .columns(['contract_id', 'stage_index', 'created_at'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('company_id', 'integer', (col) =>
      col.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('stage_index', 'integer', (col) => col.notNull().check(sql`stage_index >= 0`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('refunded_cents', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cents >= 0 AND refunded_cents <= amount_cents`),
    )
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('usd'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status IN ('processing', 'paid', 'failed', 'refunded', 'partly_refunded')`),
    )
    .addColumn('method', 'text', (col) =>
      col.notNull().check(sql`method IN ('card', 'us_bank_account', 'cash', 'check', 'other')`),
    )
    .addColumn('checkout_session_id', 'text', (col) =>
      col.unique().references('checkout_sessions.id'),
    )
    .addColumn('stripe_payment_intent_id', 'text', (col) => col.unique())
    .addColumn('paid_at', 'text')
    .addColumn('note', 'text')
    .addColumn('recorded_by_user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('undone_at', 'text')
    .addColumn('undone_by_user_id', 'integer', (col) => col.references('users.id'))
    .execute();
  // A stage is paid once (issue 36): whatever the code does, a second payment that would hold a
  // stage already held is refused here.
  await sql`CREATE UNIQUE INDEX payments_one_per_stage ON payments (contract_id, stage_index)
    WHERE status IN ${HOLDING_STATUSES} AND undone_at IS NULL`.execute(db);
  await db.schema
    .createIndex('payments_company_contract')
    .on('payments')
    .columns(['company_id', 'contract_id'])
    .execute();

  await db.schema
    .createTable('payment_requests')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('company_id', 'integer', (col) =>
      col.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('stage_index', 'integer', (col) => col.notNull())
    .addColumn('token_hash', bytesType(db), (col) => col.notNull().unique())
    .addColumn('requested_by_user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_requests_stage')
    .on('payment_requests')
    .columns(['contract_id', 'stage_index', 'created_at'])
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('company_id', 'integer', (col) =>
      col.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('stripe_events_pk', ['company_id', 'event_id'])
    .execute();

  await db.schema
    .alterTable('contracts')
    .addColumn('paid_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('contracts').addColumn('payment_due_at', 'text').execute();
  await listIndexes(db, PAYMENT_CARD_COLUMNS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await listIndexes(db, []);
  await db.schema.alterTable('contracts').dropColumn('payment_due_at').execute();
  await db.schema.alterTable('contracts').dropColumn('paid_cents').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('payment_requests').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('checkout_sessions').execute();
  await db.schema.dropTable('payment_settings').execute();
}
