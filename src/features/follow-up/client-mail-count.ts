import type { DbOrTrx } from '../../db/kysely.js';
import { parseEventDetails } from '../../domain/contract-event-lines.js';
import type { SigningOrder } from '../../domain/signers.js';

/**
 * How many mails to clients one contract event stands for (issues 33 and 37). With several
 * signers, one send, reminder, new link, withdrawal or completion mails each of them: the event
 * says how many in `details.mails` when more than one, and the account's daily limit counts them
 * all. The contract's own follow-up budget still counts actions (one reminder an hour, whoever
 * it reaches): a client hears from it at most that often.
 */

/** What an event that mailed `count` clients records beside its other details. */
export function mailsDetail(count: number): { mails?: number } {
  return count > 1 ? { mails: count } : {};
}

/** An event as the counter reads it, with its contract's signers as the send set them. */
export interface MailEvent {
  at: string;
  type: string;
  details: string | null;
  contract_id: number;
  signing_order: SigningOrder;
  signer_count: number;
}

/**
 * Events that do not say how many: a send to several signers together mailed each of them, in
 * order only the first; a signature in order hands the next signer their turn with a mail,
 * unless it was the last.
 */
function mailsWithoutCount(event: MailEvent, details: Record<string, unknown>): number {
  switch (event.type) {
    case 'sent':
      return details.signing_order === 'together' && Array.isArray(details.signers)
        ? details.signers.length
        : 1;
    case 'signed_by_client': {
      const position = (details.signer as { position?: unknown } | undefined)?.position;
      const last = typeof position !== 'number' || position >= event.signer_count;
      return event.signing_order === 'in_order' && !last ? 1 : 0;
    }
    default:
      return 1;
  }
}

/** The mails one event stands for, when its own details can tell (null: ask the signers). */
function mailsOfEvent(event: MailEvent): number | null {
  const details = parseEventDetails(event.details) ?? {};
  // A later deadline saved without an email records `emailed: false`: no mail went with it.
  if (details.emailed === false) return 0;
  const { mails } = details;
  if (typeof mails === 'number' && Number.isInteger(mails) && mails >= 0) return mails;
  // A decline tells every other signer who held a link; one signer alone is told nothing.
  if (event.type === 'declined') return null;
  return mailsWithoutCount(event, details);
}

/**
 * The other signers a decline told: those who held a link and did not decline (the contract
 * closed at the decline, so nobody was invited after it).
 */
async function othersToldOfDecline(
  db: DbOrTrx,
  contractIds: readonly number[],
): Promise<Map<number, number>> {
  const told = new Map<number, number>();
  if (contractIds.length === 0) return told;
  const rows = await db
    .selectFrom('contract_signers')
    .select((eb) => ['contract_id', eb.fn.countAll<number | string>().as('told')])
    .where('contract_id', 'in', [...new Set(contractIds)])
    .where('invited_at', 'is not', null)
    .where('declined_at', 'is', null)
    .groupBy('contract_id')
    .execute();
  for (const row of rows) told.set(row.contract_id, Number(row.told));
  return told;
}

/** Each client mail's time, an event's time once per mail it stands for. */
export async function clientMailInstants(
  db: DbOrTrx,
  events: readonly MailEvent[],
): Promise<string[]> {
  const counted = events.map((event) => ({ event, mails: mailsOfEvent(event) }));
  const declines = counted.filter((one) => one.mails === null).map((one) => one.event.contract_id);
  const told = await othersToldOfDecline(db, declines);
  return counted.flatMap(({ event, mails }) =>
    Array.from({ length: mails ?? told.get(event.contract_id) ?? 0 }, () => event.at),
  );
}
