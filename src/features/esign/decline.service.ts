import { AppError } from '../../lib/app-error.js';
import { transition } from '../contracts/contract-transition.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderDeclinedNoticeMail } from '../mail/templates/index.js';
import { enforceRateLimits } from '../rate-limit/rate-limit.js';
import { esignRateLimits, whyNotNow, clientWhyNot } from './esign.service.js';
import {
  resolveSigningLink,
  type EsignDeps,
  type SigningClient,
} from './signing-link-resolution.js';
import { linkFacts } from './signing-links.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * POST /api/esign/:token/decline (issue 17): the client says no, with a reason the contractor
 * is emailed. It races a signature like two signatures do: one conditional update on a sent,
 * unsigned contract, so exactly one of them wins and the other gets 409.
 */
export async function declineAsClient(
  deps: EsignDeps,
  token: string,
  reason: string,
  client: SigningClient,
): Promise<{ status: 'declined'; closed_at: string }> {
  const { db } = deps;
  // Declining is as rare as signing: the same per-address limit.
  await enforceRateLimits(db, [{ key: `esign-sign:ip:${client.ip}`, rule: esignRateLimits.sign }]);
  const now = deps.clock();
  const { contract, link } = await resolveSigningLink(db, deps.config, token, now);
  if (contract.status !== 'sent') throw new AppError('CONFLICT', clientWhyNot(contract.status));
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
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
        details: { reason, link: linkFacts(link) },
      },
    });
    if (!declined) throw new AppError('CONFLICT', await whyNotNow(trx, contract.id));
    const owner = await trx
      .selectFrom('users')
      .leftJoin('preferences', 'preferences.company_id', 'users.company_id')
      .select(['users.email', 'preferences.time_zone'])
      .where('users.id', '=', contract.contractor_user_id)
      .executeTakeFirstOrThrow();
    const mail = renderDeclinedNoticeMail({
      clientName: contract.client_name,
      contractId: contract.id,
      reason,
      declinedAt: at,
      contractUrl: `${deps.config.PUBLIC_URL}/contracts/${contract.id}`,
      timeZone: owner.time_zone,
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
