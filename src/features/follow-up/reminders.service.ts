import type { CompanyId } from '../../domain/team.js';
import type { FoundContractRow } from '../contracts/contracts.repo.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { skipLockedOnPostgres } from '../../db/locks.js';
import type { Prefs } from '../../domain/prefs.schemas.js';
import { nextAutomaticReminderAt, REMINDER_GAP_MS } from '../../domain/reminder-schedule.js';
import { findContractRow } from '../contracts/contracts.repo.js';
import { lastFollowUpLinkAt } from '../esign/signing-links.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { Actor } from '../sessions/request-context.js';
import { clientMailWait, ClientMailRefused, lockClientMail } from './client-mail-budget.js';
import { tellingOwnerOfMailLimit, tellOwnerOfMailLimit } from './client-mail-limit.js';
import { contractForAction, lostRace } from './contract-for-action.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import { ReminderNotSent, sendReminder, type ReminderOptions } from './send-reminder.js';

/** One reminder in a transaction of its own; null when it did not go. */
function tryReminder(deps: FollowUpDeps, row: FoundContractRow, options: ReminderOptions) {
  return deps.db
    .transaction()
    .execute((trx) => sendReminder(trx, deps, row, options))
    .catch((error: unknown) => {
      if (error instanceof ReminderNotSent) return null;
      throw error;
    });
}

/**
 * The scheduler's claim on one contract whose automatic reminder is due, for the length of the
 * reminder's transaction. On PostgreSQL the row is locked with SKIP LOCKED, so an instance
 * polling at the same moment passes over it instead of waiting (docs/decisions/023); the guard
 * on `auto_reminders_sent` and the mail's unique key still make it once on either engine.
 */
async function claimDueContract(trx: DbOrTrx, id: number, now: Date) {
  const due = trx
    .selectFrom('contracts')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .where('next_reminder_at', '<=', now.toISOString());
  return skipLockedOnPostgres(trx, due).executeTakeFirst();
}

/** Another instance holds the contract, or it is no longer due: nothing to do or reschedule. */
class ReminderNotDue extends Error {}

/**
 * The automatic reminder of one contract, if it is still due and nobody else is sending it.
 * When the mail budget says wait (a mail by hand used it, or the account reached its daily
 * limit), it is not lost: it moves to the time the budget frees up (never past the deadline).
 */
async function sendDueReminder(
  deps: FollowUpDeps,
  due: { id: number; company_id: CompanyId },
  now: Date,
) {
  let claimed: { row: FoundContractRow; prefs: Prefs } | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The account's mail lock before the contract's row, in the order every sender takes them.
      await lockClientMail(trx, due.company_id);
      const row = await claimDueContract(trx, due.id, now);
      if (!row) throw new ReminderNotDue();
      claimed = { row, prefs: await getPrefs(trx, row.company_id) };
      return sendReminder(trx, deps, row, { now, automatic: true, actor: null, ...claimed });
    });
    return 'sent';
  } catch (error) {
    if (error instanceof ReminderNotDue) return 'taken';
    if (error instanceof ClientMailRefused && claimed) {
      await rescheduleOne(deps.db, claimed.row, claimed.prefs, error.hold.allowedAt);
      await tellOwnerOfMailLimit(deps, due.company_id, error.hold, now);
      return 'rescheduled';
    }
    if (!(error instanceof ReminderNotSent) || !claimed) throw error;
  }
  // Not sent (a reminder by hand within the hour, the deadline reached): schedule again.
  await rescheduleOne(deps.db, claimed.row, claimed.prefs);
  return 'rescheduled';
}

/**
 * POST /api/contracts/:id/remind: every signer who has not signed is emailed again, now, when the
 * contract's mail budget and the account's daily limit allow (issue 33); otherwise a 429 that
 * says when. The answer names whom it went to (issue 37).
 */
export async function remindClient(
  deps: FollowUpDeps,
  companyId: CompanyId,
  id: number,
  actor: Actor,
) {
  const now = deps.clock();
  return tellingOwnerOfMailLimit(deps, companyId, now, async () => {
    const row = await contractForAction(deps, companyId, id, 'remind', now);
    const scope = { companyId, followUpOf: id };
    const early = await clientMailWait(deps.db, scope, now);
    if (early) throw new ClientMailRefused(early, now);
    const prefs = await getPrefs(deps.db, companyId);
    const sent = await tryReminder(deps, row, { now, automatic: false, actor, prefs });
    if (!sent) {
      // Lost a race: another mail, a signature or a withdrawal came first. Say which.
      const current = await findContractRow(deps.db, companyId, id);
      if (current?.status !== 'sent') throw await lostRace(deps, companyId, id);
      const wait = await clientMailWait(deps.db, scope, now);
      if (wait) throw new ClientMailRefused(wait, now);
      throw await lostRace(deps, companyId, id);
    }
    const next = await clientMailWait(deps.db, scope, now);
    return {
      id,
      reminded_at: now.toISOString(),
      reminder: sent.reminder,
      to: sent.to,
      remind_allowed_at: next?.allowedAt ?? new Date(now.getTime() + REMINDER_GAP_MS).toISOString(),
    };
  });
}

/**
 * The scheduler's pass: every sent contract whose automatic reminder is due gets it, once.
 * Returns how many went.
 */
export async function sendDueReminders(deps: FollowUpDeps, limit = 50): Promise<number> {
  const now = deps.clock();
  const due = await deps.db
    .selectFrom('contracts')
    .select(['id', 'company_id'])
    .where('status', '=', 'sent')
    .where('next_reminder_at', '<=', now.toISOString())
    .orderBy('next_reminder_at')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const contract of due) {
    // One contract that fails must not hold up every later one.
    const outcome = await sendDueReminder(deps, contract, now).catch((error: unknown) => {
      deps.log?.warn({ err: error, contractId: contract.id }, 'follow-up: a reminder failed');
      return 'failed' as const;
    });
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

/** The next automatic reminder by the schedule, and never before `notBefore` when given. */
async function rescheduleOne(
  trx: DbOrTrx,
  row: FoundContractRow,
  prefs: Prefs,
  notBefore?: string,
) {
  if (!row.sent_at) return;
  const lastLink = await lastFollowUpLinkAt(trx, row.id);
  const scheduled = nextAutomaticReminderAt({
    sentAt: row.sent_at,
    autoSent: row.auto_reminders_sent,
    lastContactAt: lastLink,
    expiresAt: row.expires_at,
    settings: prefs,
  });
  const next = scheduled && notBefore ? later(scheduled, notBefore, row.expires_at) : scheduled;
  await trx
    .updateTable('contracts')
    .set({ next_reminder_at: next })
    .where('id', '=', row.id)
    .where('next_reminder_at', 'is not distinct from', row.next_reminder_at)
    .execute();
}

/** After the account's reminder settings change: every contract awaiting signature follows. */
export async function rescheduleReminders(trx: DbOrTrx, companyId: CompanyId, prefs: Prefs) {
  const rows = await trx
    .selectFrom('contracts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', '=', 'sent')
    .execute();
  for (const row of rows) await rescheduleOne(trx, row, prefs);
}

/** The later of two instants, or null when it falls at or after the deadline. */
function later(one: string, other: string, deadline: string | null): string | null {
  const at = Date.parse(one) >= Date.parse(other) ? one : other;
  return deadline && Date.parse(at) >= Date.parse(deadline) ? null : at;
}
