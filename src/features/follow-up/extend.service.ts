import type { CompanyId } from '../../domain/team.js';
import type { FoundContractRow } from '../contracts/contracts.repo.js';
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deadlineOnlyMessage, type ExtendOutcome } from '../../domain/client-mail-budget.js';
import { formatDateTime } from '../../domain/dates.js';
import type { Prefs } from '../../domain/prefs.schemas.js';
import { nextAutomaticReminderAt } from '../../domain/reminder-schedule.js';
import { recordWhileIn, transition } from '../contracts/contract-transition.js';
import { linkMailContract } from '../esign/link-mail.js';
import { daysFrom, lastFollowUpLinkAt } from '../esign/signing-links.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { Actor } from '../sessions/request-context.js';
import {
  clientMailWait,
  ClientMailRefused,
  holdClientMail,
  type ClientMailHold,
} from './client-mail-budget.js';
import { tellingOwnerOfMailLimit, tellOwnerOfMailLimit } from './client-mail-limit.js';
import { contractForAction, lostRace } from './contract-for-action.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import { mailsDetail } from './client-mail-count.js';
import {
  mailEachSigner,
  recipientOf,
  signersAwaitingSignature,
  type Recipient,
} from './signers-to-follow-up.js';
import { lockContractForSigners } from '../signers/signers.repo.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';

/**
 * POST /api/contracts/:id/extend: a fresh link that works `days` from now, emailed to every
 * signer who has not signed (issue 37), each their own. It reopens an expired contract, or pushes back a sent one's deadline (never brings
 * it forward: links already mailed keep working until the later date). While the client's mail
 * budget says wait (issue 33), a later deadline for a contract awaiting signature is still
 * saved, without an email, and the answer says so; anything else answers 429.
 */
export async function extendSigning(
  deps: FollowUpDeps,
  companyId: CompanyId,
  id: number,
  days: number,
  actor: Actor,
): Promise<ExtendOutcome> {
  const now = deps.clock();
  return tellingOwnerOfMailLimit(deps, companyId, now, async () => {
    // The sweeper may expire it, or another new link may land, between the read and the write:
    // then read again and apply the move that fits now, once.
    for (let attempt = 1; ; attempt += 1) {
      const row = await contractForAction(deps, companyId, id, 'extend', now);
      const extended = await extendOnce(deps, row, days, now, actor);
      if (extended) return outcomeOf(deps, row, extended, now);
      if (attempt === 2) throw await lostRace(deps, companyId, id);
    }
  });
}

interface Extended {
  expiresAt: string;
  /** Set when the budget held the email back and only the deadline moved. */
  heldBack: ClientMailHold | null;
  /** Whom the new link went to (none when only the deadline moved). */
  to: Recipient[];
}

async function outcomeOf(
  deps: FollowUpDeps,
  row: FoundContractRow,
  extended: Extended,
  now: Date,
): Promise<ExtendOutcome> {
  const base = {
    id: row.id,
    status: 'sent' as const,
    expires_at: extended.expiresAt,
    to: extended.to,
  };
  const hold = extended.heldBack;
  if (!hold) {
    const next = await clientMailWait(
      deps.db,
      { companyId: row.company_id, followUpOf: row.id },
      now,
    );
    return { ...base, emailed: true, next_email_at: next?.allowedAt ?? null, message: null };
  }
  await tellOwnerOfMailLimit(deps, row.company_id, hold, now);
  const message = deadlineOnlyMessage(hold, hold.perDay, {
    deadline: formatDateTime(extended.expiresAt, hold.timeZone),
    when: formatDateTime(hold.allowedAt, hold.timeZone),
  });
  return { ...base, emailed: false, next_email_at: hold.allowedAt, message };
}

/** One try: the new deadline (never earlier than the current one), or null when it raced. */
async function extendOnce(
  deps: FollowUpDeps,
  row: FoundContractRow,
  days: number,
  now: Date,
  actor: Actor,
): Promise<Extended | null> {
  const requested = daysFrom(now, days);
  const expiresAt =
    row.status === 'sent' && row.expires_at && row.expires_at > requested
      ? row.expires_at
      : requested;
  const prefs = await getPrefs(deps.db, row.company_id);
  return deps.db
    .transaction()
    .execute(async (trx): Promise<Extended> => {
      const hold = await holdClientMail(
        trx,
        { companyId: row.company_id, followUpOf: row.id },
        now,
      );
      if (hold) {
        // Without an email, only a later deadline for a contract awaiting signature does
        // anything: a reopened contract needs its new link, and an unchanged deadline is nothing.
        const later = row.status === 'sent' && row.expires_at && requested > row.expires_at;
        if (!later) throw new ClientMailRefused(hold, now);
        await moveDeadline(trx, row, { expiresAt: requested, days, now, actor, prefs, hold });
        return { expiresAt: requested, heldBack: hold, to: [] };
      }
      const to = await sendNewLink(trx, deps, row, { expiresAt, days, now, actor, prefs });
      return { expiresAt, heldBack: null, to };
    })
    .catch((error: unknown) => {
      if (error instanceof ExtendRaced) return null;
      throw error;
    });
}

interface Move {
  expiresAt: string;
  days: number;
  now: Date;
  actor: Actor;
  prefs: Prefs;
}

/** The deadline as read: a concurrent change means this try lost. */
const deadlineAsRead = (row: FoundContractRow) => (eb: ExpressionBuilder<Database, 'contracts'>) =>
  row.expires_at === null ? eb('expires_at', 'is', null) : eb('expires_at', '=', row.expires_at);

/**
 * The new links, the move (reopening an expired contract) and the emails: one link of their own
 * to every signer who was sent one and has not signed, each in their language (issue 37).
 */
async function sendNewLink(
  trx: Transaction<Database>,
  deps: FollowUpDeps,
  row: FoundContractRow,
  { expiresAt, days, now, actor, prefs }: Move,
) {
  const at = now.toISOString();
  // As a reminder does (send-reminder.ts): who has signed holds until this commits.
  await lockContractForSigners(trx, row.id);
  const signers = await signersAwaitingSignature(trx, row.id);
  if (signers.length === 0) throw new ExtendRaced();
  const mailed = await mailEachSigner(
    trx,
    deps,
    {
      contract: linkMailContract(row, prefs.logo_path),
      signers,
      expiresAt,
      purpose: 'extension',
      variant: 'new-link',
    },
    now,
  );
  const to = signers.map(recipientOf);
  const move = {
    contractId: row.id,
    companyId: row.company_id,
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
    guard: deadlineAsRead(row),
    event: {
      type: 'link_extended' as const,
      at,
      actor: actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: {
        expires_at: expiresAt,
        days,
        to,
        link_ids: mailed.linkIds,
        ...mailsDetail(to.length),
      },
    },
  };
  const done =
    row.status === 'expired'
      ? await transition(trx, { ...move, from: ['expired'], to: 'sent' })
      : await recordWhileIn(trx, { ...move, from: ['sent'] });
  // Rolls the links and their mails back with the rest.
  if (!done) throw new ExtendRaced();
  // An expired contract reopened is awaiting signature again, with a new link: for an
  // integration that is a send (docs/decisions/025).
  if (row.status === 'expired') {
    await queueWebhookEvent(trx, { type: 'contract.sent', contractId: row.id, at });
  }
  return to;
}

/**
 * A later deadline with no email and no new link: every link the client holds works until it
 * (a link works while its contract awaits signature), and the trail records that no email went,
 * which the budget reads (client-mail-budget.ts). The automatic reminders keep their interval
 * from the last email that did go.
 */
async function moveDeadline(
  trx: Transaction<Database>,
  row: FoundContractRow,
  { expiresAt, days, now, actor, prefs, hold }: Move & { hold: ClientMailHold },
) {
  const at = now.toISOString();
  const lastContactAt = await lastFollowUpLinkAt(trx, row.id);
  const done = await recordWhileIn(trx, {
    contractId: row.id,
    companyId: row.company_id,
    from: ['sent'],
    set: {
      expires_at: expiresAt,
      next_reminder_at: row.sent_at
        ? nextAutomaticReminderAt({
            sentAt: row.sent_at,
            autoSent: row.auto_reminders_sent,
            lastContactAt,
            expiresAt,
            settings: prefs,
          })
        : null,
    },
    guard: deadlineAsRead(row),
    event: {
      type: 'link_extended',
      at,
      actor: actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { expires_at: expiresAt, days, emailed: false, next_email_at: hold.allowedAt },
    },
  });
  if (!done) throw new ExtendRaced();
}

class ExtendRaced extends Error {}
