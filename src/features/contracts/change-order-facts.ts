import type { DbOrTrx } from '../../db/kysely.js';
import type { ChangeOrderFacts } from '../mail/templates/index.js';

/**
 * A change order's facts for its mails (issue 38): its number, its contract, its change and the
 * total it makes; null for a contract. Every mail about a contract row reads them here, so each
 * names a change order as "Change Order 2 to Contract #12" (docs/decisions/049).
 */
export async function loadChangeOrderFacts(
  trx: DbOrTrx,
  contractId: number,
): Promise<ChangeOrderFacts | null> {
  const row = await trx
    .selectFrom('contracts')
    .select(['change_order_of', 'change_order_number', 'price_change_cents', 'total_price_cents'])
    .where('id', '=', contractId)
    .executeTakeFirst();
  if (!row?.change_order_of) return null;
  return {
    number: row.change_order_number ?? 0,
    contractId: row.change_order_of,
    priceChangeCents: row.price_change_cents ?? 0,
    sumAfterCents: row.total_price_cents ?? 0,
  };
}
