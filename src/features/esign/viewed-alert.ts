import type { DbOrTrx } from '../../db/kysely.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { loadChangeOrderFacts } from '../contracts/change-order-facts.js';
import { enqueueMailOnce } from '../mail/outbox.js';
import { renderViewedAlertMail } from '../mail/templates/index.js';

/**
 * "Dana Homeowner opened Contract #12" to the contractor who sent it, on each signer's first
 * opening (issues 17, 37), unless the company turned it off. Keyed in the outbox, so two first openings at once send one mail.
 */
export async function queueViewedAlert(
  trx: DbOrTrx,
  deps: Pick<AppDeps, 'config' | 'mailSealer'>,
  contract: { id: number; contractor_user_id: number; client_name: string | null },
  signer: { id: number; position: number },
  now: Date,
): Promise<void> {
  const owner = await trx
    .selectFrom('users')
    .leftJoin('preferences', 'preferences.company_id', 'users.company_id')
    .select(['users.email', 'preferences.viewed_alerts_enabled', 'preferences.time_zone'])
    .where('users.id', '=', contract.contractor_user_id)
    .executeTakeFirst();
  // No preferences row yet means the defaults: alerts on.
  if (!owner || owner.viewed_alerts_enabled === 0) return;
  const base = deps.config.PUBLIC_URL;
  // A change order's page is its contract's (issue 38): its own id is no contract of the list.
  const changeOrder = await loadChangeOrderFacts(trx, contract.id);
  const mail = renderViewedAlertMail({
    clientName: contract.client_name,
    contractId: contract.id,
    changeOrder,
    openedAt: now.toISOString(),
    contractUrl: `${base}/contracts/${changeOrder?.contractId ?? contract.id}`,
    settingsUrl: `${base}/settings/reminders`,
    timeZone: owner.time_zone,
  });
  await enqueueMailOnce(trx, deps.mailSealer, {
    kind: 'viewed_alert',
    to: owner.email,
    contractId: contract.id,
    // The client of record keeps the key alerts had before several signers (issue 37).
    dedupeKey:
      signer.position === 1
        ? `viewed-alert:${contract.id}`
        : `viewed-alert:${contract.id}:signer:${signer.id}`,
    ...mail,
  });
}
