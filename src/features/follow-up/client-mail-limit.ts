import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import { calendarDateIn } from '../../domain/calendar-date.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMailOnce } from '../mail/outbox.js';
import { renderClientMailLimitMail } from '../mail/templates/index.js';
import {
  assertClientMailAllowed,
  ClientMailRefused,
  type ClientMailHold,
  type ClientMailScope,
} from './client-mail-budget.js';

type OwnerMailDeps = { db: DB; config: Config; mailSealer: MailSealer };

/**
 * The owner hears that the account reached its daily limit on client mail (issue 33): once per
 * day on the company's calendar, however many calls the limit refuses and however many
 * instances refuse them, since the outbox keeps one mail per dedupe key. Queued on its own,
 * after the refused call's transaction rolled back.
 */
export async function tellOwnerOfMailLimit(
  deps: OwnerMailDeps,
  userId: number,
  hold: ClientMailHold,
  now: Date,
): Promise<void> {
  if (hold.limit !== 'account_day') return;
  const owner = await deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!owner) return;
  const mail = renderClientMailLimitMail({
    email: owner.email,
    perDay: hold.perDay,
    allowedAt: hold.allowedAt,
    settingsUrl: `${deps.config.PUBLIC_URL}/settings/reminders`,
    timeZone: hold.timeZone,
  });
  const day = calendarDateIn(now.toISOString(), hold.timeZone);
  await enqueueMailOnce(deps.db, deps.mailSealer, {
    kind: 'client_mail_limit_alert',
    to: owner.email,
    dedupeKey: `client-mail-limit:${userId}:${day}`,
    ...mail,
  });
}

/** Runs `work`; when the account's limit refused it, tells the owner, then answers the 429. */
export async function tellingOwnerOfMailLimit<T>(
  deps: OwnerMailDeps,
  userId: number,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientMailRefused) {
      await tellOwnerOfMailLimit(deps, userId, error.hold, now);
    }
    throw error;
  }
}

/**
 * The transaction of a change that mails a client (sending a contract): the budget is held and
 * checked first, so two sends at once cannot both pass the account's limit; past it, a 429 and
 * the owner's one email of the day.
 */
export function inClientMailTransaction<T>(
  deps: OwnerMailDeps,
  scope: ClientMailScope,
  now: Date,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return tellingOwnerOfMailLimit(deps, scope.userId, now, () =>
    deps.db.transaction().execute(async (trx) => {
      await assertClientMailAllowed(trx, scope, now);
      return work(trx);
    }),
  );
}
