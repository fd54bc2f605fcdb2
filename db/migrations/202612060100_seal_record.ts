import type { Kysely } from 'kysely';

/**
 * Who sealed each executed copy and when (issue 39, docs/decisions/051): the certificate's
 * subject, issuer and fingerprint, the signature's own time, and, once a timestamp authority
 * dates seals, its time and name. One JSON text, written once with the copy and read by /verify;
 * null for copies sealed before this migration, which /verify describes without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('seal_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('seal_json').execute();
}
