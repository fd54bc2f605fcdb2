import { sql, type Kysely } from 'kysely';
import { bytesType, engineOf, generatedId } from '../../src/db/engine.js';

/**
 * A company with a team (issue 35, docs/decisions/045):
 * - `companies`: what owns the business's rows. Every existing account becomes the owner of a
 *   company of its own, with the same id as the account, so nothing moves but a column.
 * - `users`: the company the person works in, their role (`owner` or `member`), their name (for
 *   "Sent by Sam"), and when they were removed from it (the row stays: their contracts keep
 *   naming them).
 * - The owned tables (contracts, templates, logos, acceptances, api_keys, webhook_endpoints) get
 *   `company_id`, filled from their owner; their `user_id` says what it always meant, who made
 *   the row, under its new name. A contract also records who sent it.
 * - `preferences` is the company's: rebuilt keyed by `company_id`.
 * - `team_invites`: an emailed invitation, found by SHA-256 of its token, never the token.
 *
 * SQLite cannot add a NOT NULL column with a reference to a table in use, so there a trigger
 * refuses a row without a company; PostgreSQL takes the NOT NULL itself.
 */
const OWNED_TABLES = [
  ['contracts', 'created_by_user_id'],
  ['templates', 'created_by_user_id'],
  ['logos', 'created_by_user_id'],
  ['acceptances', 'accepted_by_user_id'],
  ['api_keys', 'created_by_user_id'],
  ['webhook_endpoints', 'created_by_user_id'],
] as const;

/** The card columns the contract list indexes carry (as 202611281100_contract_search). */
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
];

/** The company's list indexes also carry who wrote and who sent each card ("Sent by Sam"). */
const PEOPLE_COLUMNS = ['created_by_user_id', 'sent_by_user_id'];

const PREFERENCE_COLUMNS = [
  'company_name',
  'company_phone',
  'company_email',
  'company_address',
  'company_website',
  'logo_path',
  'time_zone',
  'paper_copy_fee_cents',
  'viewed_alerts_enabled',
  'reminders_enabled',
  'reminder_first_days',
  'reminder_every_days',
  'reminder_max',
  'client_emails_per_day',
  'updated_at',
].join(', ');

/** Preferences keyed by `key` (user_id before, company_id after), with every column as it stands. */
async function createPreferences(db: Kysely<unknown>, name: string, key: 'user_id' | 'company_id') {
  await db.schema
    .createTable(name)
    .addColumn(key, 'integer', (col) =>
      col
        .primaryKey()
        .references(key === 'user_id' ? 'users.id' : 'companies.id')
        .onDelete('cascade'),
    )
    .addColumn('company_name', 'text')
    .addColumn('company_phone', 'text')
    .addColumn('company_email', 'text')
    .addColumn('company_address', 'text')
    .addColumn('company_website', 'text')
    .addColumn('logo_path', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('paper_copy_fee_cents', 'integer')
    .addColumn('viewed_alerts_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('reminders_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('reminder_first_days', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('reminder_every_days', 'integer', (col) => col.notNull().defaultTo(4))
    .addColumn('reminder_max', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('client_emails_per_day', 'integer', (col) => col.notNull().defaultTo(200))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

async function rebuildPreferences(
  db: Kysely<unknown>,
  key: 'user_id' | 'company_id',
  selectKey: string,
) {
  await createPreferences(db, 'preferences_next', key);
  await sql
    .raw(
      `INSERT INTO preferences_next (${key}, ${PREFERENCE_COLUMNS})
       SELECT ${selectKey}, ${PREFERENCE_COLUMNS} FROM preferences`,
    )
    .execute(db);
  await db.schema.dropTable('preferences').execute();
  await db.schema.alterTable('preferences_next').renameTo('preferences').execute();
}

async function requireCompany(db: Kysely<unknown>, table: string) {
  if (engineOf(db) === 'postgres') {
    await sql.raw(`ALTER TABLE ${table} ALTER COLUMN company_id SET NOT NULL`).execute(db);
    return;
  }
  for (const when of ['INSERT', 'UPDATE OF company_id']) {
    const name = `${table}_company_required_${when === 'INSERT' ? 'insert' : 'update'}`;
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE ${when} ON ${table}
         WHEN NEW.company_id IS NULL
         BEGIN SELECT RAISE(ABORT, '${table}.company_id is required'); END`,
      )
      .execute(db);
  }
}

async function dropCompanyRequirement(db: Kysely<unknown>, table: string) {
  if (engineOf(db) === 'postgres') return;
  await sql.raw(`DROP TRIGGER ${table}_company_required_insert`).execute(db);
  await sql.raw(`DROP TRIGGER ${table}_company_required_update`).execute(db);
}

async function listIndexes(db: Kysely<unknown>, key: 'user_id' | 'company_id') {
  const prefix = key === 'user_id' ? 'contracts_user' : 'contracts_company';
  const people = key === 'user_id' ? [] : PEOPLE_COLUMNS;
  // The earliest deadline read with each list: a seek into the company's awaiting signature.
  await db.schema
    .createIndex(key === 'user_id' ? 'contracts_owner_deadline' : 'contracts_company_deadline')
    .on('contracts')
    .columns([key, 'status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex(`${prefix}_list`)
    .on('contracts')
    .columns([key, 'created_at desc', 'id desc', 'status', ...CARD_COLUMNS, ...people])
    .execute();
  await db.schema
    .createIndex(`${prefix}_status_created`)
    .on('contracts')
    .columns([key, 'status', 'created_at desc', 'id desc', ...CARD_COLUMNS, ...people])
    .execute();
}

async function templateIndexes(db: Kysely<unknown>, key: 'user_id' | 'company_id') {
  await sql
    .raw(`CREATE UNIQUE INDEX templates_one_default ON templates (${key}) WHERE is_preset = 1`)
    .execute(db);
  await sql
    .raw(
      `CREATE UNIQUE INDEX templates_one_per_preset ON templates (${key}, preset_key) WHERE preset_key IS NOT NULL`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('company_id', 'integer', (col) => col.references('companies.id'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('owner')
        .check(sql`role IN ('owner', 'member')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('name', 'text').execute();
  await db.schema.alterTable('users').addColumn('removed_at', 'text').execute();

  // Each account in use becomes the owner of a company of its own, numbered as the account.
  await sql`INSERT INTO companies (id, created_at) SELECT id, created_at FROM users`.execute(db);
  await sql`UPDATE users SET company_id = id`.execute(db);
  if (engineOf(db) === 'postgres') {
    await sql`SELECT setval(pg_get_serial_sequence('companies', 'id'),
      coalesce((SELECT max(id) FROM companies), 0) + 1, false)`.execute(db);
  }
  await requireCompany(db, 'users');
  await db.schema.createIndex('users_company').on('users').columns(['company_id', 'id']).execute();

  await db.schema.dropIndex('contracts_user_list').execute();
  await db.schema.dropIndex('contracts_user_status_created').execute();
  await db.schema.dropIndex('contracts_owner_deadline').execute();
  await db.schema.dropIndex('templates_one_default').execute();
  await db.schema.dropIndex('templates_one_per_preset').execute();
  for (const [table, madeBy] of OWNED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('company_id', 'integer', (col) => col.references('companies.id'))
      .execute();
    await sql
      .raw(
        `UPDATE ${table} SET company_id = (SELECT company_id FROM users WHERE users.id = ${table}.user_id)`,
      )
      .execute(db);
    await db.schema.alterTable(table).renameColumn('user_id', madeBy).execute();
    await requireCompany(db, table);
    if (table !== 'contracts') {
      await db.schema.createIndex(`${table}_company`).on(table).columns(['company_id']).execute();
    }
  }
  await db.schema
    .alterTable('contracts')
    .addColumn('sent_by_user_id', 'integer', (col) => col.references('users.id'))
    .execute();
  // Before teams, whoever made a contract also signed and sent it.
  await sql`UPDATE contracts SET sent_by_user_id = created_by_user_id WHERE sent_at IS NOT NULL`.execute(
    db,
  );
  await listIndexes(db, 'company_id');
  await templateIndexes(db, 'company_id');

  await rebuildPreferences(
    db,
    'company_id',
    '(SELECT company_id FROM users WHERE users.id = preferences.user_id)',
  );

  await db.schema
    .createTable('team_invites')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('company_id', 'integer', (col) =>
      col.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role IN ('owner', 'member')`))
    .addColumn('token_hash', bytesType(db), (col) => col.notNull().unique())
    .addColumn('invited_by_user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('canceled_at', 'text')
    .execute();
  await db.schema
    .createIndex('team_invites_company')
    .on('team_invites')
    .columns(['company_id', 'email'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_invites').execute();
  await rebuildPreferences(
    db,
    'user_id',
    `(SELECT min(users.id) FROM users WHERE users.company_id = preferences.company_id AND users.role = 'owner')`,
  );
  await db.schema.dropIndex('contracts_company_list').execute();
  await db.schema.dropIndex('contracts_company_status_created').execute();
  await db.schema.dropIndex('contracts_company_deadline').execute();
  await db.schema.dropIndex('templates_one_default').execute();
  await db.schema.dropIndex('templates_one_per_preset').execute();
  await db.schema.alterTable('contracts').dropColumn('sent_by_user_id').execute();
  for (const [table, madeBy] of [...OWNED_TABLES].reverse()) {
    if (table !== 'contracts') await db.schema.dropIndex(`${table}_company`).execute();
    await dropCompanyRequirement(db, table);
    await db.schema.alterTable(table).renameColumn(madeBy, 'user_id').execute();
    await db.schema.alterTable(table).dropColumn('company_id').execute();
  }
  await listIndexes(db, 'user_id');
  await templateIndexes(db, 'user_id');
  await db.schema.dropIndex('users_company').execute();
  await dropCompanyRequirement(db, 'users');
  for (const column of ['removed_at', 'name', 'role', 'company_id']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('companies').execute();
}
