import type { DbOrTrx } from '../../db/kysely.js';
import { WHY_NOT } from '../../domain/contract-lifecycle.js';
import { AppError } from '../../lib/app-error.js';
import { transition } from '../contracts/contract-transition.js';
import { findContractRow } from '../contracts/contracts.repo.js';
import { linkMailContract } from '../esign/link-mail.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderWithdrawnNoticeMail } from '../mail/templates/index.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { Actor } from '../sessions/request-context.js';
import { expireOverdue } from './expiry.js';
import type { FollowUpDeps } from './follow-up-deps.js';

type ContractRow = NonNullable<Awaited<ReturnType<typeof findContractRow>>>;

/** The reason recorded when a sent contract is withdrawn because a revision replaces it. */
export const REPLACED_BY_REVISION = 'Replaced by a revised contract';

/**
 * Withdraws a sent or expired contract in the caller's transaction: every link stops working
 * at once (links work only while the contract is sent), and the client is emailed the reason.
 * False when it left those statuses meanwhile.
 */
export async function withdrawInTransaction(
  trx: DbOrTrx,
  deps: Pick<FollowUpDeps, 'mailSealer' | 'config'>,
  row: ContractRow,
  reason: string,
  now: Date,
  actor: Actor,
): Promise<boolean> {
  const at = now.toISOString();
  const moved = await transition(trx, {
    contractId: row.id,
    ownerId: row.user_id,
    from: ['sent', 'expired'],
    to: 'voided',
    set: { closed_at: at, closed_reason: reason, next_reminder_at: null },
    event: {
      type: 'voided',
      at,
      actor: actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { reason },
    },
  });
  if (!moved) return false;
  const prefs = await getPrefs(trx, row.user_id);
  const facts = linkMailContract(row, prefs.logo_path);
  const mail = renderWithdrawnNoticeMail({
    company: {
      name: facts.company.name ?? 'Your contractor',
      phone: facts.company.phone,
      email: facts.company.email,
      logoUrl: facts.logoPath ? `${deps.config.PUBLIC_URL}${facts.logoPath}` : null,
    },
    client: { name: facts.client.name, email: facts.client.email },
    contractId: row.id,
    reason,
    withdrawnAt: at,
  });
  await enqueueMail(trx, deps.mailSealer, {
    kind: 'withdrawn_notice',
    to: facts.client.email,
    contractId: row.id,
    ...mail,
  });
  return true;
}

/** POST /api/contracts/:id/void: the contractor withdraws a sent or expired contract. */
export async function voidContract(
  deps: FollowUpDeps,
  userId: number,
  id: number,
  reason: string,
  actor: Actor,
) {
  const now = deps.clock();
  await expireOverdue(deps.db, now, { contractId: id });
  const row = await findContractRow(deps.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Contract not found');
  if (row.status !== 'sent' && row.status !== 'expired') {
    throw new AppError('CONFLICT', WHY_NOT[row.status]);
  }
  const done = await deps.db
    .transaction()
    .execute((trx) => withdrawInTransaction(trx, deps, row, reason, now, actor));
  if (!done) {
    const current = await findContractRow(deps.db, userId, id);
    throw new AppError('CONFLICT', current ? WHY_NOT[current.status] : 'Contract not found');
  }
  return { id, status: 'voided' as const, closed_at: now.toISOString() };
}
