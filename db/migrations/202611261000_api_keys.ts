import type { Kysely } from 'kysely';
import { bytesType } from '../../src/db/engine.js';

/**
 * API keys (issue 19): an integrator's `Authorization: Bearer <key>`. Like sessions, the row is
 * found by the key's public id and only SHA-256 of its secret is kept, so a copy of the database
 * cannot be replayed as keys (docs/decisions/024).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('secret_hash', bytesType(db), (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_keys_user')
    .on('api_keys')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
