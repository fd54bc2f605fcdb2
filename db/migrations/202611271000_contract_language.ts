import { sql, type Kysely } from 'kysely';

/**
 * The client's language (issue 20, docs/decisions/029): English or Spanish per contract, chosen
 * in the wizard and frozen with the rest of the contract when it is sent. Existing contracts
 * were all written and mailed in English, so the default keeps them as they are. The list is a
 * CHECK, not a table like the statuses: a third language brings a catalogue, a preset and a
 * review of every mail anyway, and on both engines ADD COLUMN takes a CHECK without a rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contracts')
    .addColumn('language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`language IN ('en', 'es')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').dropColumn('language').execute();
}
