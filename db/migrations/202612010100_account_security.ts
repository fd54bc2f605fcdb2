import { sql, type Kysely } from 'kysely';
import { bytesType, engineOf, generatedId, millisecondsType } from '../../src/db/engine.js';

/**
 * Accounts a business can trust (issue 34, docs/decisions/041):
 * - `account_tokens`: every emailed or pending account link (password reset, email verification,
 *   email change, the second step of a two-factor sign-in) in one table. Only SHA-256 of the
 *   token is kept; a row is marked used or replaced, never deleted on use, so a refused link can
 *   say why until maintenance prunes it 30 days after it expired.
 * - `recovery_codes`: two-factor recovery codes, hashed, each crossed off when used.
 * - `security_events`: the account's security log, append-only like the audit trail
 *   (docs/decisions/021).
 * - `users`: when the email was verified (every existing account counts as verified: it signed
 *   up before anyone was asked), the language of account mails, and the two-factor columns (the
 *   secrets sealed with the mail key, as webhook secrets are; the last accepted time step, so a
 *   code is good once).
 * - `sessions`: the address and browser each was signed in from, for the sessions list.
 * - `instance_settings.first_account`: which account was the install's first, written once,
 *   so that who may sign up (SIGNUP_MODE) is decided by one insert that only one sign-up wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`purpose IN ('password_reset', 'email_verification', 'email_change', 'two_factor_login')`,
        ),
    )
    .addColumn('token_hash', bytesType(db), (col) => col.notNull().unique())
    // JSON facts the link carries, e.g. {"new_email": ...} for an email change.
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('replaced_at', 'text')
    // Where it was asked for (null when the server itself issued it).
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('account_tokens_user_purpose')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', bytesType(db), (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user')
    .on('recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('security_events')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text')
    .execute();
  // The log's pages: one account's events, newest first by id.
  await db.schema
    .createIndex('security_events_user')
    .on('security_events')
    .columns(['user_id', 'id'])
    .execute();
  // Append-only: the log cannot be edited, even by a bug in the app. Deleting the account
  // (cascade) still removes it.
  if (engineOf(db) === 'postgres') {
    await sql`CREATE FUNCTION security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'security events are append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER security_events_no_update BEFORE UPDATE ON security_events
      FOR EACH ROW EXECUTE FUNCTION security_events_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER security_events_no_update BEFORE UPDATE ON security_events
      BEGIN SELECT RAISE(ABORT, 'security events are append-only'); END`.execute(db);
  }

  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`language IN ('en', 'es')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', millisecondsType(db)).execute();
  // Accounts from before were never asked to verify; they keep sending as they did.
  await sql`UPDATE users SET email_verified_at = ${now}`.execute(db);

  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();

  // An install already in use has had its first account: the lowest id is the person who
  // installed it. An empty one leaves the marker to its first sign-up.
  const first = await sql<{ id: number | null }>`SELECT min(id) AS id FROM users`.execute(db);
  const firstId = first.rows[0]?.id;
  if (firstId !== null && firstId !== undefined) {
    await sql`INSERT INTO instance_settings (name, value, created_at)
      VALUES ('first_account', ${String(firstId)}, ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM instance_settings WHERE name = 'first_account'`.execute(db);
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  for (const column of [
    'totp_last_step',
    'totp_enabled_at',
    'totp_pending_secret',
    'totp_secret',
    'language',
    'email_verified_at',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('security_events').execute();
  if (engineOf(db) === 'postgres')
    await sql`DROP FUNCTION security_events_append_only()`.execute(db);
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('account_tokens').execute();
}
