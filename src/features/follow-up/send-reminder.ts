import type { Transaction } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import type { Prefs } from '../../domain/prefs.schemas.js';
import { nextAutomaticReminderAt, REMINDER_GAP_MS } from '../../domain/reminder-schedule.js';
import { recordWhileIn } from '../contracts/contract-transition.js';
import type { FoundContractRow } from '../contracts/contracts.repo.js';
import { linkMailContract } from '../esign/link-mail.js';
import type { Actor } from '../sessions/request-context.js';
import { lockContractForSigners } from '../signers/signers.repo.js';
import { assertClientMailAllowed } from './client-mail-budget.js';
import { mailsDetail } from './client-mail-count.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import {
  countReminder,
  mailEachSigner,
  recipientOf,
  signersAwaitingSignature,
  type Recipient,
} from './signers-to-follow-up.js';

export interface ReminderOptions {
  now: Date;
  automatic: boolean;
  actor: Actor | null;
  prefs: Prefs;
}

/** A reminder that did not go (lost a race, or not due): its transaction rolls back. */
export class ReminderNotSent extends Error {
  constructor() {
    super('reminder not sent');
    this.name = 'ReminderNotSent';
  }
}

/**
 * The outbox's key of automatic reminder n to one signer: the client of record's as it was before
 * a contract had several signers, the others' with their place in the order.
 */
function automaticReminderKey(contractId: number, n: number, signer: { position: number }) {
  const key = `reminder:${contractId}:auto:${n}`;
  return signer.position === 1 ? key : `${key}:signer:${signer.position}`;
}

/** The next reminder's number: one per reminder, shared by the links it mails (issue 37). */
async function nextReminderNumber(trx: DbOrTrx, contractId: number): Promise<number> {
  const row = await trx
    .selectFrom('signing_links')
    .select((eb) => eb.fn.max('reminder').as('last'))
    .where('contract_id', '=', contractId)
    .where('purpose', '=', 'reminder')
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * One reminder: a new link for every signer who was sent one and has not signed (tokens are
 * stored hashed, so the first cannot be sent again) that works until the contract's deadline,
 * each in their language; the event, the next automatic one scheduled, and the mails, in one
 * transaction. Throws ClientMailRefused when the client's or the account's mail budget says wait
 * (issue 33), and ReminderNotSent when the contract left `sent`, the guard failed or a mail was
 * already queued, so the links minted for it roll back with the rest.
 */
export async function sendReminder(
  trx: Transaction<Database>,
  deps: FollowUpDeps,
  row: FoundContractRow,
  options: ReminderOptions,
): Promise<{ reminder: number; to: Recipient[] }> {
  const { now, automatic } = options;
  if (!row.expires_at || !row.sent_at) throw new ReminderNotSent();
  await assertClientMailAllowed(trx, { companyId: row.company_id, followUpOf: row.id }, now);
  const at = now.toISOString();
  // The contract's lock, as a signature takes it (after the account's mail lock, in the order
  // every sender takes them): who has signed, and whose turn it is, holds until this commits.
  await lockContractForSigners(trx, row.id);
  const signers = await signersAwaitingSignature(trx, row.id);
  if (signers.length === 0) throw new ReminderNotSent();
  // The signers' rows are written first: the transaction then holds the write lock before it
  // reads the number, so a second process cannot commit in between (SQLite would refuse the
  // stale read's write).
  await countReminder(trx, signers, at);
  const reminder = await nextReminderNumber(trx, row.id);
  const autoSent = row.auto_reminders_sent + (automatic ? 1 : 0);
  const mailed = await mailEachSigner(
    trx,
    deps,
    {
      contract: linkMailContract(row, options.prefs.logo_path),
      signers,
      expiresAt: row.expires_at,
      purpose: 'reminder',
      variant: 'reminder',
      reminder,
      // Automatic reminder n of a contract goes once to each signer, however many processes try.
      ...(automatic
        ? { dedupeKeyOf: (signer) => automaticReminderKey(row.id, autoSent, signer) }
        : {}),
    },
    now,
  );
  if (!mailed.queued) throw new ReminderNotSent();
  const to = signers.map(recipientOf);
  const recorded = await recordWhileIn(trx, {
    contractId: row.id,
    from: ['sent'],
    set: {
      last_reminder_at: at,
      auto_reminders_sent: autoSent,
      next_reminder_at: nextAutomaticReminderAt({
        sentAt: row.sent_at,
        autoSent,
        lastContactAt: at,
        expiresAt: row.expires_at,
        settings: options.prefs,
      }),
    },
    // At most one an hour, and an automatic one only once (the count it was due at).
    guard: (eb) =>
      eb.and([
        eb.or([
          eb('last_reminder_at', 'is', null),
          eb('last_reminder_at', '<=', new Date(now.getTime() - REMINDER_GAP_MS).toISOString()),
        ]),
        eb('expires_at', '>', at),
        ...(automatic ? [eb('auto_reminders_sent', '=', row.auto_reminders_sent)] : []),
      ]),
    event: {
      type: 'reminder_sent',
      at,
      actor: options.actor?.email ?? null,
      ip: options.actor?.ip ?? null,
      userAgent: options.actor?.userAgent ?? null,
      details: { reminder, automatic, to, link_ids: mailed.linkIds, ...mailsDetail(to.length) },
    },
  });
  if (!recorded) throw new ReminderNotSent();
  return { reminder, to };
}
