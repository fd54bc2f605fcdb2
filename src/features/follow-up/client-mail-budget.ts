import type { Transaction } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';
import { lockForCreateOnce } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import {
  accountMailWait,
  CLIENT_MAIL_WINDOW_MS,
  clientMailRefusal,
  followUpMailWait,
  laterWait,
  type ClientMailWait,
} from '../../domain/client-mail-budget.js';
import { parseEventDetails } from '../../domain/contract-event-lines.js';
import type { ContractEventType } from '../../domain/contract-lifecycle.js';
import { formatDateTime } from '../../domain/dates.js';
import { CLIENT_EMAILS_PER_DAY_DEFAULT } from '../../domain/prefs.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { MAIL_READERS } from '../mail/mail-kinds.js';
import { clientMailInstants } from './client-mail-count.js';

/**
 * What was mailed to clients, read from the contract events (issue 33). Each mail to a client is
 * queued in the transaction that records one of these events, with the same injected clock's
 * time, so the events are the authoritative count: a mail exists exactly when its event does. The
 * outbox is not: its rows carry the wall clock's time and lose their bodies once delivered.
 * With several signers (issue 37) one event may stand for several mails: it says how many
 * (client-mail-count.ts). Typed against MAIL_READERS, so a new kind of mail to a client fails to compile until it says
 * which event records it.
 */
const EVENTS_OF_CLIENT_MAILS = {
  // Issue 37: signing in order, a signature mails the next signer their turn.
  signing_request: ['sent', 'signed_by_client'],
  signing_reminder: ['reminder_sent'],
  signing_new_link: ['link_extended'],
  withdrawn_notice: ['voided'],
  signed_copy_client: ['completed', 'sealed_copy_sent'],
  // Issue 36: a receipt goes with each payment, a payment link with each request.
  payment_receipt: ['payment_succeeded', 'payment_recorded'],
  payment_request: ['payment_requested'],
  // A recorded payment undone: the client's receipt no longer stands.
  payment_correction: ['payment_undone'],
  // Issue 37: one signer declined; the others are told.
  signer_declined_notice: ['declined'],
} as const satisfies Record<ClientMailKind, readonly ContractEventType[]>;

type ClientMailKind = {
  [Kind in keyof typeof MAIL_READERS]: (typeof MAIL_READERS)[Kind] extends 'client' ? Kind : never;
}[keyof typeof MAIL_READERS];

/**
 * One contract's follow-up mails: reminders of either kind, new links, and payment requests
 * (issue 36), which share the contract's budget as they share the client's inbox.
 */
const FOLLOW_UP_MAIL_EVENTS = [
  ...EVENTS_OF_CLIENT_MAILS.signing_reminder,
  ...EVENTS_OF_CLIENT_MAILS.signing_new_link,
  ...EVENTS_OF_CLIENT_MAILS.payment_request,
];
const CLIENT_MAIL_EVENTS = Object.values(EVENTS_OF_CLIENT_MAILS).flat();

/** A later deadline saved without an email records `emailed: false`: no mail went with it. */
const mailed = (row: { details: string | null }) =>
  parseEventDetails(row.details)?.emailed !== false;

/** Whose mail: the company, and the contract when the mail is one of its follow-ups. */
export interface ClientMailScope {
  companyId: CompanyId;
  /** Set for a reminder or a new link: the contract's own budget applies too. */
  followUpOf?: number;
}

/** A wait with what its words need: the account's limit and the company's clock. */
export interface ClientMailHold extends ClientMailWait {
  perDay: number;
  timeZone: string | null;
}

/** 429 with Retry-After: the client's or the account's budget says wait. */
export class ClientMailRefused extends AppError {
  constructor(
    readonly hold: ClientMailHold,
    now: Date,
  ) {
    super(
      'TOO_MANY_REQUESTS',
      clientMailRefusal(hold, hold.perDay, formatDateTime(hold.allowedAt, hold.timeZone)),
      Math.max(1, Math.ceil((Date.parse(hold.allowedAt) - now.getTime()) / 1000)),
    );
    this.name = 'ClientMailRefused';
  }
}

async function companyLimits(db: DbOrTrx, companyId: CompanyId) {
  const row = await db
    .selectFrom('preferences')
    .select(['client_emails_per_day', 'time_zone'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    perDay: row?.client_emails_per_day ?? CLIENT_EMAILS_PER_DAY_DEFAULT,
    timeZone: row?.time_zone ?? null,
  };
}

/** When the contract's follow-up mails of the last 24 hours went. */
async function followUpMailTimes(db: DbOrTrx, contractId: number, since: string) {
  const rows = await db
    .selectFrom('contract_events')
    .select(['at', 'details'])
    .where('contract_id', '=', contractId)
    .where('type', 'in', FOLLOW_UP_MAIL_EVENTS)
    .where('at', '>', since)
    .execute();
  return rows.filter(mailed).map((row) => row.at);
}

/**
 * When the account's mails to clients of the last 24 hours went, every contract together: an
 * event that mailed several signers counts once per mail (client-mail-count.ts).
 */
async function companyMailTimes(db: DbOrTrx, companyId: CompanyId, since: string) {
  const rows = await db
    .selectFrom('contract_events as e')
    .innerJoin('contracts as c', 'c.id', 'e.contract_id')
    .select(['e.at', 'e.type', 'e.details', 'e.contract_id', 'c.signing_order', 'c.signer_count'])
    .where('c.company_id', '=', companyId)
    .where('e.type', 'in', CLIENT_MAIL_EVENTS)
    .where('e.at', '>', since)
    .execute();
  return clientMailInstants(db, rows);
}

/** Whether a mail to the client may go now; the wait (the later of both) when it may not. */
export async function clientMailWait(
  db: DbOrTrx,
  scope: ClientMailScope,
  now: Date,
): Promise<ClientMailHold | null> {
  const since = new Date(now.getTime() - CLIENT_MAIL_WINDOW_MS).toISOString();
  const limits = await companyLimits(db, scope.companyId);
  const contract =
    scope.followUpOf === undefined
      ? null
      : followUpMailWait(await followUpMailTimes(db, scope.followUpOf, since), now);
  const account = accountMailWait(
    await companyMailTimes(db, scope.companyId, since),
    limits.perDay,
    now,
  );
  const wait = laterWait(contract, account);
  return wait ? { ...wait, ...limits } : null;
}

/**
 * In the transaction that will queue the mail: no other client mail of the account can commit
 * between this count and that mail (docs/decisions/023). On PostgreSQL a transaction-scoped
 * advisory lock on the account holds every other sender of its mail until this one commits or
 * rolls back; SQLite runs one transaction at a time on its one connection. Take it before any
 * row lock, so two senders never wait on each other in opposite orders.
 */
export async function holdClientMail(
  trx: Transaction<Database>,
  scope: ClientMailScope,
  now: Date,
): Promise<ClientMailHold | null> {
  await lockClientMail(trx, scope.companyId);
  return clientMailWait(trx, scope, now);
}

/** The account's mail lock alone (held again by the same transaction, it does not wait). */
export function lockClientMail(trx: Transaction<Database>, companyId: CompanyId): Promise<void> {
  return lockForCreateOnce(trx, `client-mail:${companyId}`);
}

/** holdClientMail, refusing with a 429 when the budget says wait. */
export async function assertClientMailAllowed(
  trx: Transaction<Database>,
  scope: ClientMailScope,
  now: Date,
): Promise<void> {
  const hold = await holdClientMail(trx, scope, now);
  if (hold) throw new ClientMailRefused(hold, now);
}
