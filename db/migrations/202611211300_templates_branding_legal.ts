import { sql, type Kysely } from 'kysely';
import { bytesType, generatedId } from '../../src/db/engine.js';

/** Contract templates, uploaded logos and legal acknowledgments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    // 1 on the account's one default template (the spec calls the default marker is_preset).
    .addColumn('is_preset', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    // Which shipped preset this row came from, and the SHA-256 of the HTML installed, so the seed
    // script can update presets nobody has edited and leave edited ones alone.
    .addColumn('preset_key', 'text')
    .addColumn('preset_sha256', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('templates_user_id').on('templates').column('user_id').execute();
  // At most one default per account, guaranteed by the database.
  await sql`CREATE UNIQUE INDEX templates_one_default ON templates (user_id) WHERE is_preset = 1`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX templates_one_per_preset ON templates (user_id, preset_key) WHERE preset_key IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('logos')
    // Random, unguessable: the logo is public (it appears on the client's signing page).
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', bytesType(db), (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('logos_user_id').on('logos').column('user_id').execute();

  await db.schema
    .createTable('acceptances')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('typed_name', 'text', (col) => col.notNull())
    .addColumn('disclaimer_version', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('acceptances_user_type')
    .on('acceptances')
    .columns(['user_id', 'type', 'accepted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acceptances').execute();
  await db.schema.dropTable('logos').execute();
  await db.schema.dropTable('templates').execute();
}
