import { sql, type Kysely } from 'kysely';

/**
 * Offline drafting (issue 40, docs/research/040-offline-drafting.md §5).
 *
 * `client_draft_id`: the id a phone gave a draft it wrote offline. Sending that draft twice (a
 * retry after a lost answer, two tabs syncing at once) must make one contract, so the id is
 * unique per company; null for drafts made online, and NULLs never collide on either engine.
 *
 * `draft_version`: counts the writes of a draft, starting at 1. A phone that saves with the
 * version it last saw is refused when another device saved in between (a compare-and-set in the
 * UPDATE). An integer rather than `updated_at`, which injected clocks and several instances can
 * make equal or even go backwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('client_draft_id', 'text').execute();
  await db.schema
    .alterTable('contracts')
    .addColumn('draft_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // Partial, as contracts_change_order_number: an ON CONFLICT on it repeats the predicate.
  await sql`CREATE UNIQUE INDEX contracts_client_draft_id
    ON contracts (company_id, client_draft_id)
    WHERE client_draft_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_client_draft_id').execute();
  await db.schema.alterTable('contracts').dropColumn('draft_version').execute();
  await db.schema.alterTable('contracts').dropColumn('client_draft_id').execute();
}
