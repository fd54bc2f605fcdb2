import { nextAutomaticReminderAt } from '../../domain/reminder-schedule.js';
import { recordWhileIn, transition } from '../contracts/contract-transition.js';
import { linkMailContract, queueSigningLinkMail } from '../esign/link-mail.js';
import { createSigningLink, daysFrom } from '../esign/signing-links.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { Actor } from '../sessions/request-context.js';
import { contractForAction, lostRace } from './contract-for-action.js';
import type { FollowUpDeps } from './follow-up-deps.js';

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
  const row = await contractForAction(deps, userId, id, 'extend', now);
  const at = now.toISOString();
  const requested = daysFrom(now, days);
  const expiresAt =
    row.status === 'sent' && row.expires_at && row.expires_at > requested
      ? row.expires_at
      : requested;
  const prefs = await getPrefs(deps.db, userId);
  const moved = await deps.db.transaction().execute(async (trx) => {
    const link = await createSigningLink(trx, id, { expiresAt, purpose: 'extension' }, now);
    const move = {
      contractId: id,
      ownerId: userId,
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
    if (!done) return false;
    await queueSigningLinkMail(trx, deps, {
      contract: linkMailContract(row, prefs.logo_path),
      token: link.token,
      expiresAt,
      variant: 'new-link',
    });
    return true;
  });
  if (!moved) throw await lostRace(deps, userId, id);
  return { id, status: 'sent' as const, expires_at: expiresAt };
}
