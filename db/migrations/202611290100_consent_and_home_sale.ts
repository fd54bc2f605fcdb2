import type { Kysely } from 'kysely';

/**
 * Issue 32, the consent and the contract hold up:
 * - `contracts.client_signed_name`: the full name the homeowner typed on the signing page, printed
 *   under their signature; null for contracts signed before it was asked (the contractor's entry
 *   stands).
 * - `contracts.home_sale`: 1 when the contractor said the sale was made at the client's home or
 *   away from the place of business (16 CFR 429): the document then carries the FTC rule's
 *   statement and the Notice of Cancellation.
 * - `preferences.paper_copy_fee_cents`: what the company charges for a paper copy of the records,
 *   printed in the ESIGN notice; null or 0 is no fee.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('client_signed_name', 'text').execute();
  await db.schema
    .alterTable('contracts')
    .addColumn('home_sale', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('preferences').addColumn('paper_copy_fee_cents', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('preferences').dropColumn('paper_copy_fee_cents').execute();
  await db.schema.alterTable('contracts').dropColumn('home_sale').execute();
  await db.schema.alterTable('contracts').dropColumn('client_signed_name').execute();
}
