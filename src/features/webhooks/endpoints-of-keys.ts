import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';
import { failWaitingDeliveries } from './deliveries.repo.js';
import { KEY_REVOKED_REASON } from './endpoint-stops.js';

export { KEY_REVOKED_REASON };

/**
 * An integration's endpoints end with its key (docs/decisions/025): revoking a leaked key must not
 * leave its receiver listening to the company's events. Called in the revocation's transaction.
 */
export async function stopEndpointsOfKey(
  trx: DbOrTrx,
  companyId: CompanyId,
  apiKeyId: string,
  at: string,
): Promise<number> {
  const stopped = await trx
    .updateTable('webhook_endpoints')
    .set({ disabled_at: at, disabled_reason: KEY_REVOKED_REASON })
    .where('company_id', '=', companyId)
    .where('created_by_api_key', '=', apiKeyId)
    .where('disabled_at', 'is', null)
    .returning('id')
    .execute();
  for (const { id } of stopped) await failWaitingDeliveries(trx, id, 'The endpoint was stopped');
  return stopped.length;
}
