import type { CompanyId } from '../../domain/team.js';
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
 * The company's owners hear that it reached its daily limit on client mail (issue 33): once per
 * day on the company's calendar, however many calls the limit refuses and however many
 * instances refuse them, since the outbox keeps one mail per dedupe key. Queued on its own,
 * after the refused call's transaction rolled back.
 */
export async function tellOwnerOfMailLimit(
  deps: OwnerMailDeps,
  companyId: CompanyId,
  hold: ClientMailHold,
  now: Date,
): Promise<void> {
  if (hold.limit !== 'account_day') return;
  const owners = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('company_id', '=', companyId)
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .execute();
  const day = calendarDateIn(now.toISOString(), hold.timeZone);
  for (const owner of owners) {
    const mail = renderClientMailLimitMail({
      email: owner.email,
      perDay: hold.perDay,
      allowedAt: hold.allowedAt,
      settingsUrl: `${deps.config.PUBLIC_URL}/settings/reminders`,
      timeZone: hold.timeZone,
    });
    await enqueueMailOnce(deps.db, deps.mailSealer, {
      kind: 'client_mail_limit_alert',
      to: owner.email,
      dedupeKey: `client-mail-limit:${owner.id}:${day}`,
      ...mail,
    });
  }
}

/** Runs `work`; when the company's limit refused it, tells its owners, then answers the 429. */
export async function tellingOwnerOfMailLimit<T>(
  deps: OwnerMailDeps,
  companyId: CompanyId,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientMailRefused) {
      await tellOwnerOfMailLimit(deps, companyId, error.hold, now);
    }
    throw error;
  }
}

/**
 * The transaction of a change that mails a client (sending a contract): the budget is held and
 * checked first, so two sends at once cannot both pass the company's limit; past it, a 429 and
 * its owners' one email of the day.
 */
export function inClientMailTransaction<T>(
  deps: OwnerMailDeps,
  scope: ClientMailScope,
  now: Date,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return tellingOwnerOfMailLimit(deps, scope.companyId, now, () =>
    deps.db.transaction().execute(async (trx) => {
      await assertClientMailAllowed(trx, scope, now);
      return work(trx);
    }),
  );
}
