import { sql, type Kysely } from 'kysely';
import { bytesType, engineOf, generatedId, millisecondsType } from '../../src/db/engine.js';

/** Users, their sessions, company preferences and persistent rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Case-insensitive uniqueness even if a row is ever written without lower-casing.
  if (engineOf(db) === 'postgres') {
    await sql`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`.execute(db);
  } else {
    await sql`CREATE UNIQUE INDEX users_email_unique ON users (email COLLATE NOCASE)`.execute(db);
  }

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret_hash', bytesType(db), (col) => col.notNull())
    .addColumn('created_at_ms', millisecondsType(db), (col) => col.notNull())
    .addColumn('last_used_at_ms', millisecondsType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('preferences')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('company_name', 'text')
    .addColumn('company_phone', 'text')
    .addColumn('company_email', 'text')
    .addColumn('company_address', 'text')
    .addColumn('company_website', 'text')
    .addColumn('logo_path', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_started_at_ms', millisecondsType(db), (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('preferences').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
