import type { CompanyId } from '../../domain/team.js';
import type { FoundContractRow } from '../contracts/contracts.repo.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { transition } from '../contracts/contract-transition.js';
import { linkMailContract, mailCompanyOf } from '../esign/link-mail.js';
import { enqueueMail } from '../mail/outbox.js';
import { loadChangeOrderFacts } from '../contracts/change-order-facts.js';
import { renderWithdrawnNoticeMail } from '../mail/templates/index.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { Actor } from '../sessions/request-context.js';
import {
  CONTRACT_FINDER,
  contractForAction,
  lostRace,
  type RowFinder,
} from './contract-for-action.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import { mailsDetail } from './client-mail-count.js';
import { recipientOf, signersWithLinks } from './signers-to-follow-up.js';
import { lockContractForSigners } from '../signers/signers.repo.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

export { REPLACED_BY_REVISION } from '../../domain/contract-lifecycle.js';

/**
 * Withdraws a sent or expired contract in the caller's transaction: every link stops working
 * at once (links work only while the contract is sent), and every signer who was sent one is
 * emailed the reason in their language (issue 37), those who signed too. False when it left
 * those statuses meanwhile.
 */
export async function withdrawInTransaction(
  trx: DbOrTrx,
  deps: Pick<FollowUpDeps, 'mailSealer' | 'config'>,
  row: FoundContractRow,
  reason: string,
  now: Date,
  actor: Actor,
): Promise<boolean> {
  const at = now.toISOString();
  // The contract's lock, as a signature takes it: a signer whose turn a signature gives them in
  // the meantime is told too. No turn comes once the contract is withdrawn.
  await lockContractForSigners(trx, row.id);
  const told = await signersWithLinks(trx, row.id);
  const moved = await transition(trx, {
    contractId: row.id,
    companyId: row.company_id,
    from: ['sent', 'expired'],
    to: 'voided',
    set: { closed_at: at, closed_reason: reason, next_reminder_at: null },
    event: {
      type: 'voided',
      at,
      actor: actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { reason, to: told.map(recipientOf), ...mailsDetail(told.length) },
    },
  });
  if (!moved) return false;
  const prefs = await getPrefs(trx, row.company_id);
  const facts = linkMailContract(row, prefs.logo_path, prefs.time_zone);
  const company = mailCompanyOf(facts, deps.config.PUBLIC_URL);
  const changeOrder = await loadChangeOrderFacts(trx, row.id);
  for (const signer of told) {
    const mail = renderWithdrawnNoticeMail({
      company,
      client: { name: signer.name, email: signer.email },
      contractId: row.id,
      reason,
      withdrawnAt: at,
      language: signer.language,
      changeOrder,
    });
    await enqueueMail(trx, deps.mailSealer, {
      kind: 'withdrawn_notice',
      to: signer.email,
      contractId: row.id,
      ...mail,
    });
  }
  // A revision's withdrawal too: the integrator sees the old contract close either way.
  await queueWebhookEvent(trx, { type: 'contract.voided', contractId: row.id, at });
  return true;
}

/** POST /api/contracts/:id/void: the contractor withdraws a sent or expired contract. */
export async function voidContract(
  deps: FollowUpDeps,
  companyId: CompanyId,
  id: number,
  reason: string,
  actor: Actor,
  /** A change order is withdrawn the same way, found by its own finder (issue 38). */
  finder: RowFinder = CONTRACT_FINDER,
) {
  const now = deps.clock();
  const row = await contractForAction(deps, companyId, id, 'void', now, finder);
  const done = await deps.db
    .transaction()
    .execute((trx) => withdrawInTransaction(trx, deps, row, reason, now, actor));
  if (!done) throw await lostRace(deps, companyId, id, finder);
  return { id, status: 'voided' as const, closed_at: now.toISOString() };
}
