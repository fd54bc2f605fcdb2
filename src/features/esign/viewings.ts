import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { preparedQuery } from '../../db/prepared-query.js';

import type { EsignDeps, resolveSigningLink, SigningClient } from './signing-link-resolution.js';
import { linkFacts } from './signing-links.js';
import { queueViewedAlert } from './viewed-alert.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * A reload from the same device within this window, with no other device in between, is the same
 * viewing, not a new one: the audit trail shows each real opening without letting a reload loop
 * bury it in rows (the per-address rate limit bounds the rest).
 */
export const VIEW_DEDUPE_WINDOW_MS = 10 * 60 * 1000;

type ResolvedLink = Awaited<ReturnType<typeof resolveSigningLink>>;

/** Built once (docs/decisions/013): every person's opening of a signing page reads it. */
const lastViewOf = preparedQuery((db, params: { contractId: number }) =>
  db
    .selectFrom('contract_events')
    .select(['at', 'ip', 'user_agent'])
    .where('contract_id', '=', params.contractId)
    .where('type', '=', 'viewed')
    .orderBy('id', 'desc')
    .limit(1),
);

/**
 * Records an opening unless it repeats the last one (same device, within the window). The
 * contract's first opening while awaiting signature alerts the contractor by email, once: the
 * alert's key is unique in the outbox. It is also the `contract.viewed` webhook, keyed the same way.
 */
export async function recordView(
  deps: EsignDeps,
  contract: ResolvedLink['contract'],
  link: ResolvedLink['link'],
  client: SigningClient,
  now: Date,
) {
  const { db } = deps;
  // Only the latest view is compared: one index step, however long the trail grows.
  const [last] = await lastViewOf(db, { contractId: contract.id });
  const sameDevice = last?.ip === client.ip && last.user_agent === client.userAgent.slice(0, 500);
  if (sameDevice && now.getTime() - Date.parse(last.at) < VIEW_DEDUPE_WINDOW_MS) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'viewed',
      at,
      actor: 'client',
      ip: client.ip,
      userAgent: client.userAgent,
      details: { first: !last, link: linkFacts(link) },
    });
    // The card's count moves with the trail, in the same transaction.
    await trx
      .updateTable('contracts')
      .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed_at: at }))
      .where('id', '=', contract.id)
      .execute();
    if (!last && contract.status === 'sent') {
      await queueViewedAlert(trx, deps, contract, now);
      // Keyed per endpoint, like the alert: two first openings at once report one.
      await queueWebhookEvent(trx, {
        type: 'contract.viewed',
        contractId: contract.id,
        at,
        dedupeKey: `contract.viewed:${contract.id}`,
      });
    }
  });
}
