import type { DbOrTrx } from '../../db/kysely.js';
import type { Updateable } from 'kysely';
import type { PreferencesTable } from '../../db/schema.js';

export type PrefsColumns = Omit<Updateable<PreferencesTable>, 'user_id' | 'updated_at'>;

export async function findPrefs(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('preferences')
    .select([
      'company_name',
      'company_phone',
      'company_email',
      'company_address',
      'company_website',
      'logo_path',
      'time_zone',
      'paper_copy_fee_cents',
      'viewed_alerts_enabled',
      'reminders_enabled',
      'reminder_first_days',
      'reminder_every_days',
      'reminder_max',
      'client_emails_per_day',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The owner's fee for a paper copy as stored (null or 0 is no fee); undefined without a row. */
export async function findPaperCopyFeeCents(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('preferences')
    .select('paper_copy_fee_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.paper_copy_fee_cents;
}

/** Inserts or updates the owner's one preferences row with only the given columns. */
export async function upsertPrefs(db: DbOrTrx, userId: number, values: PrefsColumns, now: string) {
  await db
    .insertInto('preferences')
    .values({ user_id: userId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}
