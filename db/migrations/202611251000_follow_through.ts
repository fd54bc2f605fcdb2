import {
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';
import { engineOf, generatedId } from '../../src/db/engine.js';

/**
 * After sending (issue 17): statuses expired, declined and voided; reminders, extensions,
 * revisions and the account settings that drive them (docs/decisions/022).
 *
 * `contracts.status` was held to a CHECK list. SQLite cannot alter a CHECK, so the table is
 * rebuilt once, the way SQLite's documentation prescribes (foreign keys off outside any
 * transaction, new table, copy, drop, rename, foreign_key_check, foreign keys on): with foreign
 * keys on, dropping `contracts` would cascade-delete the whole audit trail. The list moves into
 * a `contract_statuses` table that `contracts.status` references, so a later status is an
 * INSERT on any engine, never another rebuild. PostgreSQL alters the table in place instead
 * (docs/decisions/023).
 */
const STATUSES = ['draft', 'sent', 'expired', 'declined', 'voided', 'signed', 'completed'];

/** Columns of a card on the contracts screen, carried in the list indexes (as 202611211700). */
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
];
const OLD_CARD_COLUMNS = ['updated_at', 'sent_at', 'total_price_cents', 'client_name'];

/** The columns both shapes of the table share, in order. */
const SHARED_COLUMNS = [
  'id',
  'user_id',
  'status',
  'client_name',
  'client_email',
  'client_phone',
  'client_address',
  'scope_raw',
  'scope_clean',
  'total_price_cents',
  'payment_plan_json',
  'my_signature_png',
  'my_signed_at',
  'client_data',
  'client_signed_at',
  'client_signature_png',
  'template_html',
  'template_sha256',
  'template_source',
  'template_data',
  'signed_html',
  'company_name',
  'company_phone',
  'company_email',
  'created_at',
  'updated_at',
  'sent_at',
];

type StatusColumn = 'references' | 'check';

type ColumnBuilder = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const plain: ColumnBuilder = (col) => col;

/** The columns this migration adds to contracts. */
const NEW_COLUMNS: [string, ColumnDataType, ColumnBuilder][] = [
  // While sent or expired: when the newest signing link stops working.
  ['expires_at', 'text', plain],
  // Declined or voided: when, and the reason the client or the contractor gave.
  ['closed_at', 'text', plain],
  ['closed_reason', 'text', plain],
  // Reminders: the last one (any kind), how many went automatically, when the next is due.
  ['last_reminder_at', 'text', plain],
  ['auto_reminders_sent', 'integer', (col) => col.notNull().defaultTo(0)],
  ['next_reminder_at', 'text', plain],
  // Revisions: the contract this one revises, the first of the line, and its number in it.
  ['revision_of', 'integer', (col) => col.references('contracts.id').onDelete('set null')],
  ['original_id', 'integer', plain],
  ['revision_number', 'integer', (col) => col.notNull().defaultTo(1)],
  // The client's openings, kept with the card so the list reads its index alone.
  ['view_count', 'integer', (col) => col.notNull().defaultTo(0)],
  ['last_viewed_at', 'text', plain],
];

function contractsTable(db: Kysely<unknown>, name: string, status: StatusColumn) {
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(name)
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      status === 'references'
        ? col.notNull().references('contract_statuses.status')
        : col.notNull().check(sql`status IN ('draft', 'sent', 'signed', 'completed')`),
    );
  for (const column of SHARED_COLUMNS.slice(3)) {
    const notNull = ['scope_raw', 'created_at', 'updated_at'].includes(column);
    const type = ['total_price_cents'].includes(column) ? 'integer' : 'text';
    table = table.addColumn(column, type, (col) => {
      if (column === 'scope_raw') return col.notNull().defaultTo('[]');
      return notNull ? col.notNull() : col;
    });
  }
  if (status === 'check') return table;
  for (const [column, type, build] of NEW_COLUMNS) table = table.addColumn(column, type, build);
  return table;
}

async function createListIndexes(db: Kysely<unknown>, cardColumns: string[]) {
  await db.schema
    .createIndex('contracts_user_list')
    .on('contracts')
    .columns(['user_id', 'created_at desc', 'id desc', 'status', ...cardColumns])
    .execute();
  await db.schema
    .createIndex('contracts_user_status_created')
    .on('contracts')
    .columns(['user_id', 'status', 'created_at desc', 'id desc', ...cardColumns])
    .execute();
}

/** SQLite's table rebuild: the new shape under a temporary name, the rows, then the swap. */
async function rebuildContracts(
  db: Kysely<unknown>,
  status: StatusColumn,
  copyColumns: string[],
  build: () => Promise<void>,
) {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await contractsTable(db, 'contracts_next', status).execute();
      const columns = sql.join(copyColumns.map((column) => sql.ref(column)));
      await sql`INSERT INTO contracts_next (${columns}) SELECT ${columns} FROM contracts`.execute(
        db,
      );
      await sql`DROP TABLE contracts`.execute(db);
      await sql`ALTER TABLE contracts_next RENAME TO contracts`.execute(db);
      await build();
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) {
        throw new Error(`contracts rebuild broke ${broken.rows.length} foreign keys`);
      }
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/** The list indexes with the new card columns, and the indexes the new work reads. */
async function createFollowThroughIndexes(db: Kysely<unknown>) {
  await createListIndexes(db, CARD_COLUMNS);
  // The sweeper and the reminder scheduler read only what is due.
  await db.schema
    .createIndex('contracts_due_expiry')
    .on('contracts')
    .columns(['status', 'expires_at'])
    .execute();
  // One owner's earliest deadline, read with each list (an index seek, not a scan of
  // everyone's contracts awaiting signature).
  await db.schema
    .createIndex('contracts_owner_deadline')
    .on('contracts')
    .columns(['user_id', 'status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('contracts_due_reminder')
    .on('contracts')
    .columns(['status', 'next_reminder_at'])
    .execute();
  // One revision per contract, even when two requests race.
  await db.schema
    .createIndex('contracts_revision_of')
    .on('contracts')
    .column('revision_of')
    .unique()
    .execute();
}

/** PostgreSQL alters constraints and adds columns in place, inside the migration's transaction. */
async function alterContractsOnPostgres(db: Kysely<unknown>, status: StatusColumn) {
  await db.schema.dropIndex('contracts_user_list').execute();
  await db.schema.dropIndex('contracts_user_status_created').execute();
  if (status === 'references') {
    await sql`ALTER TABLE contracts DROP CONSTRAINT contracts_status_check`.execute(db);
    await sql`ALTER TABLE contracts ADD CONSTRAINT contracts_status_fkey
      FOREIGN KEY (status) REFERENCES contract_statuses (status)`.execute(db);
    for (const [column, type, build] of NEW_COLUMNS) {
      await db.schema.alterTable('contracts').addColumn(column, type, build).execute();
    }
    await createFollowThroughIndexes(db);
    return;
  }
  // Dropping a column drops the indexes that hold it.
  for (const [column] of NEW_COLUMNS) {
    await db.schema.alterTable('contracts').dropColumn(column).execute();
  }
  await sql`ALTER TABLE contracts DROP CONSTRAINT contracts_status_fkey`.execute(db);
  await sql`ALTER TABLE contracts ADD CONSTRAINT contracts_status_check
    CHECK (status IN ('draft', 'sent', 'signed', 'completed'))`.execute(db);
  await createListIndexes(db, OLD_CARD_COLUMNS);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contract_statuses')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .execute();
  for (const status of STATUSES) {
    await sql`INSERT INTO contract_statuses (status) VALUES (${status})`.execute(db);
  }

  if (engineOf(db) === 'postgres') await alterContractsOnPostgres(db, 'references');
  else
    await rebuildContracts(db, 'references', SHARED_COLUMNS, () => createFollowThroughIndexes(db));
  // Openings recorded before: counted from the trail.
  await sql`UPDATE contracts SET
      view_count = (SELECT count(*) FROM contract_events e
        WHERE e.contract_id = contracts.id AND e.type = 'viewed'),
      last_viewed_at = (SELECT max(at) FROM contract_events e
        WHERE e.contract_id = contracts.id AND e.type = 'viewed')
    WHERE status <> 'draft'`.execute(db);
  // Contracts sent before: their deadline is their newest link's.
  await sql`UPDATE contracts SET expires_at = (
      SELECT max(expires_at) FROM signing_links WHERE signing_links.contract_id = contracts.id)
    WHERE status <> 'draft'`.execute(db);
  // And their first automatic reminder, on the default schedule every account starts with (3
  // days after sending, never at or after the deadline); an overdue one goes at the next pass.
  const sent = await sql<{ id: number; sent_at: string | null; expires_at: string | null }>`
    SELECT id, sent_at, expires_at FROM contracts WHERE status = 'sent'`.execute(db);
  for (const row of sent.rows) {
    if (!row.sent_at || !row.expires_at) continue;
    const due = new Date(Date.parse(row.sent_at) + 3 * 24 * 60 * 60 * 1000).toISOString();
    if (due >= row.expires_at) continue;
    await sql`UPDATE contracts SET next_reminder_at = ${due} WHERE id = ${row.id}`.execute(db);
  }

  // Which email a link went out in: the first request, a reminder (and which), a new link.
  await db.schema
    .alterTable('signing_links')
    .addColumn('purpose', 'text', (col) => col.notNull().defaultTo('request'))
    .execute();
  await db.schema.alterTable('signing_links').addColumn('reminder', 'integer').execute();

  // A mail that must go at most once (a reminder n, the first-view alert) carries a key.
  await db.schema.alterTable('email_outbox').addColumn('dedupe_key', 'text').execute();
  await db.schema
    .createIndex('email_outbox_dedupe')
    .on('email_outbox')
    .column('dedupe_key')
    .unique()
    .execute();

  const settings: [string, number][] = [
    ['viewed_alerts_enabled', 1],
    ['reminders_enabled', 1],
    ['reminder_first_days', 3],
    ['reminder_every_days', 4],
    ['reminder_max', 3],
  ];
  for (const [column, fallback] of settings) {
    await db.schema
      .alterTable('preferences')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(fallback))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Refuse before changing anything: the old CHECK cannot hold the new statuses.
  const newer = await sql<{ count: number }>`SELECT count(*) AS count FROM contracts
    WHERE status NOT IN ('draft', 'sent', 'signed', 'completed')`.execute(db);
  if (Number(newer.rows[0]?.count ?? 0) > 0) {
    throw new Error(
      'Some contracts are expired, declined or withdrawn, which the older version cannot show: ' +
        'restore a backup taken before the upgrade instead',
    );
  }
  for (const column of [
    'viewed_alerts_enabled',
    'reminders_enabled',
    'reminder_first_days',
    'reminder_every_days',
    'reminder_max',
  ]) {
    await db.schema.alterTable('preferences').dropColumn(column).execute();
  }
  await db.schema.dropIndex('email_outbox_dedupe').execute();
  await db.schema.alterTable('email_outbox').dropColumn('dedupe_key').execute();
  await db.schema.alterTable('signing_links').dropColumn('reminder').execute();
  await db.schema.alterTable('signing_links').dropColumn('purpose').execute();
  if (engineOf(db) === 'postgres') await alterContractsOnPostgres(db, 'check');
  else
    await rebuildContracts(db, 'check', SHARED_COLUMNS, () =>
      createListIndexes(db, OLD_CARD_COLUMNS),
    );
  await db.schema.dropTable('contract_statuses').execute();
}
