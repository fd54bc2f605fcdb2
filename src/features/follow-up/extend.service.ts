import type { FoundContractRow } from '../contracts/contracts.repo.js';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nextAutomaticReminderAt } from '../../domain/reminder-schedule.js';
import { recordWhileIn, transition } from '../contracts/contract-transition.js';
import { linkMailContract, queueSigningLinkMail } from '../esign/link-mail.js';
import { createSigningLink, daysFrom } from '../esign/signing-links.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { Actor } from '../sessions/request-context.js';
import { contractForAction, lostRace } from './contract-for-action.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * POST /api/contracts/:id/extend: a fresh link that works `days` from now, emailed to the
 * client. It reopens an expired contract, or pushes back a sent one's deadline (never brings
 * it forward: links already mailed keep working until the later date).
 */
export async function extendSigning(
  deps: FollowUpDeps,
  userId: number,
  id: number,
  days: number,
  actor: Actor,
) {
  const now = deps.clock();
  // The sweeper may expire it, or another new link may land, between the read and the write:
  // then read again and apply the move that fits now, once.
  for (let attempt = 1; ; attempt += 1) {
    const row = await contractForAction(deps, userId, id, 'extend', now);
    const extended = await extendOnce(deps, row, days, now, actor);
    if (extended) return { id, status: 'sent' as const, expires_at: extended };
    if (attempt === 2) throw await lostRace(deps, userId, id);
  }
}

/** One try: the new deadline (never earlier than the current one), or null when it raced. */
async function extendOnce(
  deps: FollowUpDeps,
  row: FoundContractRow,
  days: number,
  now: Date,
  actor: Actor,
): Promise<string | null> {
  const at = now.toISOString();
  const requested = daysFrom(now, days);
  const expiresAt =
    row.status === 'sent' && row.expires_at && row.expires_at > requested
      ? row.expires_at
      : requested;
  const prefs = await getPrefs(deps.db, row.user_id);
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const link = await createSigningLink(trx, row.id, { expiresAt, purpose: 'extension' }, now);
      const move = {
        contractId: row.id,
        ownerId: row.user_id,
        set: {
          expires_at: expiresAt,
          next_reminder_at: row.sent_at
            ? nextAutomaticReminderAt({
                sentAt: row.sent_at,
                autoSent: row.auto_reminders_sent,
                lastContactAt: at,
                expiresAt,
                settings: prefs,
              })
            : null,
        },
        // The deadline as read: a concurrent change means this try lost.
        guard: (eb: ExpressionBuilder<Database, 'contracts'>) =>
          row.expires_at === null
            ? eb('expires_at', 'is', null)
            : eb('expires_at', '=', row.expires_at),
        event: {
          type: 'link_extended' as const,
          at,
          actor: actor.email,
          ip: actor.ip,
          userAgent: actor.userAgent,
          details: { expires_at: expiresAt, days, link_id: link.id, to: row.client_email },
        },
      };
      const done =
        row.status === 'expired'
          ? await transition(trx, { ...move, from: ['expired'], to: 'sent' })
          : await recordWhileIn(trx, { ...move, from: ['sent'] });
      // Rolls the link back with the rest.
      if (!done) throw new ExtendRaced();
      // An expired contract reopened is awaiting signature again, with a new link: for an
      // integration that is a send (docs/decisions/025).
      if (row.status === 'expired') {
        await queueWebhookEvent(trx, { type: 'contract.sent', contractId: row.id, at });
      }
      await queueSigningLinkMail(trx, deps, {
        contract: linkMailContract(row, prefs.logo_path),
        token: link.token,
        expiresAt,
        variant: 'new-link',
      });
      return expiresAt;
    })
    .catch((error: unknown) => {
      if (error instanceof ExtendRaced) return null;
      throw error;
    });
}

class ExtendRaced extends Error {}
