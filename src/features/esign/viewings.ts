import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { inTransaction } from '../../db/in-transaction.js';
import { preparedQuery } from '../../db/prepared-query.js';

import type { EsignDeps, resolveSigningLink, SigningClient } from './signing-link-resolution.js';
import { linkFacts } from './signing-links.js';
import { queueViewedAlert } from './viewed-alert.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { signerFacts } from '../signers/signers.repo.js';

/** The signer an opening's event names, if any. */
function viewerOf(details: string | null): number | null {
  if (!details) return null;
  const signer = (JSON.parse(details) as { signer?: { id?: unknown } }).signer;
  return typeof signer?.id === 'number' ? signer.id : null;
}

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
    .select(['at', 'ip', 'user_agent', 'details'])
    .where('contract_id', '=', params.contractId)
    .where('type', '=', 'viewed')
    .orderBy('id', 'desc')
    .limit(1),
);

/** Built once, as lastViewOf: each new opening runs both. */
const countContractView = preparedQuery((db, params: { contractId: number; at: string }) =>
  db
    .updateTable('contracts')
    .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed_at: params.at }))
    .where('id', '=', params.contractId),
);
const countSignerView = preparedQuery((db, params: { signerId: number; at: string }) =>
  db
    .updateTable('contract_signers')
    .set((eb) => ({
      view_count: eb('view_count', '+', 1),
      last_viewed_at: params.at,
      first_viewed_at: eb.fn.coalesce('first_viewed_at', eb.val(params.at)),
    }))
    .where('id', '=', params.signerId),
);

/**
 * Records an opening unless it repeats the last one (same signer, same device, within the
 * window). Each signer's first opening while awaiting signature alerts the contractor by email,
 * once (issue 37): the alert's key is unique in the outbox. The contract's first opening is also
 * the `contract.viewed` webhook, keyed the same way.
 */
export async function recordView(
  deps: EsignDeps,
  contract: ResolvedLink['contract'],
  link: ResolvedLink['link'],
  signer: ResolvedLink['signer'],
  client: SigningClient,
  now: Date,
) {
  const { db } = deps;
  // Only the latest view is compared: one index step, however long the trail grows.
  const [last] = await lastViewOf(db, { contractId: contract.id });
  const sameDevice = last?.ip === client.ip && last.user_agent === client.userAgent.slice(0, 500);
  // Two owners on one tablet are two openings, not a reload.
  const sameSigner = viewerOf(last?.details ?? null) === signer.id;
  if (sameDevice && sameSigner && now.getTime() - Date.parse(last.at) < VIEW_DEDUPE_WINDOW_MS) {
    return;
  }
  const at = now.toISOString();
  const firstBySigner = signer.view_count === 0;
  await inTransaction(db, async (trx) => {
    await insertContractEvent(trx, {
      contractId: contract.id,
      type: 'viewed',
      at,
      actor: 'client',
      ip: client.ip,
      userAgent: client.userAgent,
      details: { first: firstBySigner, link: linkFacts(link), signer: signerFacts(signer) },
    });
    // The card's count moves with the trail, in the same transaction; so do the signer's.
    await countContractView(trx, { contractId: contract.id, at });
    await countSignerView(trx, { signerId: signer.id, at });
    if (firstBySigner && contract.status === 'sent') {
      await queueViewedAlert(trx, deps, { ...contract, client_name: signer.name }, signer, now);
    }
    if (!last && contract.status === 'sent') {
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
