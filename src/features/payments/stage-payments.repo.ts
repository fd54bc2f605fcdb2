import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';

/**
 * The reads behind a contract's payments (issue 36, later stages). Every one is scoped by the
 * company: another company's contract is not found, and neither are its payments or requests.
 */

/** The company's contract as its payments need it; undefined for anyone else's. */
export function contractForPayments(db: DbOrTrx, companyId: CompanyId, id: number) {
  return db
    .selectFrom('contracts')
    .select([
      'id',
      'company_id',
      'status',
      'payment_plan_json',
      'paid_cents',
      'total_price_cents',
      'client_data',
      'client_name',
      'client_email',
      'language',
      'company_name',
      'company_phone',
      'company_email',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type ContractForPayments = NonNullable<Awaited<ReturnType<typeof contractForPayments>>>;

/** Every payment of the contract that was not undone, newest first. */
export function livePaymentsOf(db: DbOrTrx, companyId: CompanyId, contractId: number) {
  return db
    .selectFrom('payments')
    .select([
      'id',
      'stage_index',
      'status',
      'method',
      'paid_at',
      'refunded_cents',
      'created_at',
      'updated_at',
    ])
    .where('company_id', '=', companyId)
    .where('contract_id', '=', contractId)
    .where('undone_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** When each stage was last asked for by email. */
export async function lastRequestsOf(
  db: DbOrTrx,
  companyId: CompanyId,
  contractId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('payment_requests')
    .select(['stage_index', (eb) => eb.fn.max<string>('created_at').as('last')])
    .where('company_id', '=', companyId)
    .where('contract_id', '=', contractId)
    .groupBy('stage_index')
    .execute();
  return new Map(rows.map((row) => [row.stage_index, row.last]));
}

/** The company's time zone: the calendar a recorded payment's day is on. */
export async function companyTimeZone(db: DbOrTrx, companyId: CompanyId): Promise<string | null> {
  const row = await db
    .selectFrom('preferences')
    .select('time_zone')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}
