import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';

/** A change order of the company (issue 38): a contract row naming the contract it changes. */
export function findChangeOrderRow(db: DbOrTrx, companyId: CompanyId, id: number) {
  return db
    .selectFrom('contracts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('change_order_of', 'is not', null)
    .executeTakeFirst();
}

export type ChangeOrderRow = NonNullable<Awaited<ReturnType<typeof findChangeOrderRow>>>;

/** A contract's change orders, in their numbers' order. */
export function listChangeOrderRows(db: DbOrTrx, companyId: CompanyId, contractId: number) {
  return db
    .selectFrom('contracts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('change_order_of', '=', contractId)
    .orderBy('change_order_number')
    .execute();
}

/** The next number in a contract's line of change orders (call it under the contract's lock). */
export async function nextChangeOrderNumber(trx: DbOrTrx, contractId: number): Promise<number> {
  const row = await trx
    .selectFrom('contracts')
    .select((eb) => eb.fn.max('change_order_number').as('last'))
    .where('change_order_of', '=', contractId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * What the change orders signed so far changed (a signed change order applies to its contract):
 * their net price and days, this one left out.
 */
export async function appliedChanges(
  db: DbOrTrx,
  contractId: number,
  except: number | null,
): Promise<{ cents: number; days: number }> {
  let query = db
    .selectFrom('contracts')
    .select((eb) => [
      eb.fn.sum<number>('price_change_cents').as('cents'),
      eb.fn.sum<number>('days_change').as('days'),
    ])
    .where('change_order_of', '=', contractId)
    .where('status', 'in', ['signed', 'completed']);
  if (except !== null) query = query.where('id', '<>', except);
  const row = await query.executeTakeFirst();
  return { cents: Number(row?.cents ?? 0), days: Number(row?.days ?? 0) };
}
