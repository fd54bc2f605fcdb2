import type { DbOrTrx } from '../../db/kysely.js';
import type { Updateable } from 'kysely';
import type { PreferencesTable } from '../../db/schema.js';
import type { CompanyId } from '../../domain/team.js';

export type PrefsColumns = Omit<Updateable<PreferencesTable>, 'company_id' | 'updated_at'>;

export async function findPrefs(db: DbOrTrx, companyId: CompanyId) {
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
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The company's fee for a paper copy as stored (null or 0 is no fee); undefined without a row. */
export async function findPaperCopyFeeCents(db: DbOrTrx, companyId: CompanyId) {
  const row = await db
    .selectFrom('preferences')
    .select('paper_copy_fee_cents')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.paper_copy_fee_cents;
}

/** Inserts or updates the company's one preferences row with only the given columns. */
export async function upsertPrefs(
  db: DbOrTrx,
  companyId: CompanyId,
  values: PrefsColumns,
  now: string,
) {
  await db
    .insertInto('preferences')
    .values({ company_id: companyId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}
