import { AppError } from '../../lib/app-error.js';
import { transition } from '../contracts/contract-transition.js';
import { enqueueMail } from '../mail/outbox.js';
import { loadChangeOrderFacts } from '../contracts/change-order-facts.js';
import { renderDeclinedNoticeMail } from '../mail/templates/index.js';
import { enforceRateLimits } from '../rate-limit/rate-limit.js';
import { esignRateLimits, whyNotNow, clientWhyNot } from './esign.service.js';
import {
  resolveSigningLink,
  type EsignDeps,
  type SigningClient,
} from './signing-link-resolution.js';
import { linkFacts } from './signing-links.js';
import { lockContractForSigners, signerFacts } from '../signers/signers.repo.js';
import { tellOtherSigners } from './signer-declined-notice.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * POST /api/esign/:token/decline (issue 17): the client says no, with a reason the contractor
 * is emailed. It races a signature like two signatures do: one conditional update on a sent,
 * unsigned contract, so exactly one of them wins and the other gets 409. With several signers
 * (issue 37), one decline ends it for all: every other signer is mailed the reason too.
 */
export async function declineAsClient(
  deps: EsignDeps,
  token: string,
  reason: string,
  client: SigningClient,
): Promise<{ status: 'declined'; closed_at: string }> {
  const { db } = deps;
  // Declining is as rare as signing: the same per-address limit.
  const now = deps.clock();
  await enforceRateLimits(
    db,
    [{ key: `esign-sign:ip:${client.ip}`, rule: esignRateLimits.sign }],
    now,
  );
  const { contract, link, signer } = await resolveSigningLink(db, deps.config, token, now);
  if (contract.status !== 'sent')
    throw new AppError('CONFLICT', clientWhyNot(contract.status, contract));
  if (signer.signed_at) throw new AppError('CONFLICT', clientWhyNot('signed', contract));
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockContractForSigners(trx, contract.id);
    const declined = await transition(trx, {
      contractId: contract.id,
      from: ['sent'],
      to: 'declined',
      stillNull: ['client_signed_at'],
      guard: (eb) => eb('expires_at', '>', at),
      set: { closed_at: at, closed_reason: reason, next_reminder_at: null },
      event: {
        type: 'declined',
        at,
        actor: 'client',
        ip: client.ip,
        userAgent: client.userAgent,
        details: { reason, link: linkFacts(link), signer: signerFacts(signer) },
      },
    });
    if (!declined) throw new AppError('CONFLICT', await whyNotNow(trx, contract.id));
    // A signer who signed a moment ago cannot also decline (the lock ordered the two).
    const mine = await trx
      .updateTable('contract_signers')
      .set({ declined_at: at })
      .where('id', '=', signer.id)
      .where('signed_at', 'is', null)
      .executeTakeFirst();
    if (mine.numUpdatedRows === 0n)
      throw new AppError('CONFLICT', clientWhyNot('signed', contract));
    await tellOtherSigners(trx, deps, contract.id, signer, reason, at);
    const owner = await trx
      .selectFrom('users')
      .leftJoin('preferences', 'preferences.company_id', 'users.company_id')
      .select(['users.email', 'preferences.time_zone'])
      .where('users.id', '=', contract.contractor_user_id)
      .executeTakeFirstOrThrow();
    const changeOrder = await loadChangeOrderFacts(trx, contract.id);
    const mail = renderDeclinedNoticeMail({
      // Who declined: with several signers, not always the client of record (issue 37).
      clientName: signer.name,
      contractId: contract.id,
      reason,
      declinedAt: at,
      // A change order is shown on its contract's page (issue 38): it has none of its own.
      contractUrl: `${deps.config.PUBLIC_URL}/contracts/${changeOrder?.contractId ?? contract.id}`,
      timeZone: owner.time_zone,
      changeOrder,
    });
    await enqueueMail(trx, deps.mailSealer, {
      kind: 'declined_notice',
      to: owner.email,
      contractId: contract.id,
      ...mail,
    });
    await queueWebhookEvent(trx, { type: 'contract.declined', contractId: contract.id, at });
    return { status: 'declined' as const, closed_at: at };
  });
}
