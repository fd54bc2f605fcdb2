import type { DB, DbOrTrx } from '../../db/kysely.js';
import {
  CLIENT_EMAILS_PER_DAY_DEFAULT,
  FOLLOW_UP_DEFAULTS,
  type FollowUpSettings,
  type OnboardingInput,
  type Prefs,
  type UpdatePrefsInput,
} from '../../domain/prefs.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import type { SessionUser } from '../../ports/session.js';
import { requireOwner } from '../sessions/owner-only.js';
import { removeLogo } from './logo.service.js';
import { findPaperCopyFeeCents, findPrefs, upsertPrefs, type PrefsColumns } from './prefs.repo.js';

const emptyPrefs: Prefs = {
  company_name: null,
  company_phone: null,
  company_email: null,
  company_address: null,
  company_website: null,
  logo_path: null,
  time_zone: null,
  paper_copy_fee_cents: null,
  ...FOLLOW_UP_DEFAULTS,
  client_emails_per_day: CLIENT_EMAILS_PER_DAY_DEFAULT,
};

const FLAGS = ['viewed_alerts_enabled', 'reminders_enabled'] as const;
const FOLLOW_UP_KEYS = Object.keys(FOLLOW_UP_DEFAULTS) as (keyof FollowUpSettings)[];

export async function getPrefs(db: DbOrTrx, companyId: CompanyId): Promise<Prefs> {
  const row = await findPrefs(db, companyId);
  if (!row) return emptyPrefs;
  return {
    ...row,
    paper_copy_fee_cents: feeOrNull(row.paper_copy_fee_cents),
    viewed_alerts_enabled: row.viewed_alerts_enabled === 1,
    reminders_enabled: row.reminders_enabled === 1,
  };
}

/** Null or 0 stored is no fee: one value for it. */
function feeOrNull(cents: number | null | undefined): number | null {
  return cents ? cents : null;
}

/**
 * The company's fee for a paper copy of its records, in cents, as the electronic-records notice
 * prints it (issue 32); null when it charges none (not set, or 0).
 */
export async function paperCopyFeeCents(db: DbOrTrx, companyId: CompanyId): Promise<number | null> {
  return feeOrNull(await findPaperCopyFeeCents(db, companyId));
}

/**
 * Saves only the fields present in the input: a field left out keeps its value.
 * `logo_path: null` removes the logo (and its stored image). `afterFollowUpChange` runs in the
 * same transaction when a reminder setting changed, so the schedule follows at once. The
 * company's settings are its owners' to change (docs/decisions/045).
 */
export async function updatePrefs(
  db: DB,
  user: SessionUser,
  input: UpdatePrefsInput | OnboardingInput,
  afterFollowUpChange?: (trx: DbOrTrx, prefs: Prefs) => Promise<void>,
): Promise<Prefs> {
  await requireOwner(db, user, 'branding');
  const { companyId } = user;
  const { logo_path: logoPath, ...fields } = { logo_path: undefined, ...input };
  const values: PrefsColumns = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const flag = (FLAGS as readonly string[]).includes(key);
    Object.assign(values, { [key]: flag ? (value ? 1 : 0) : value });
  }
  if (logoPath === null) await removeLogo(db, companyId);
  if (Object.keys(values).length > 0) {
    await db.transaction().execute(async (trx) => {
      await upsertPrefs(trx, companyId, values, new Date().toISOString());
      if (afterFollowUpChange && FOLLOW_UP_KEYS.some((key) => key in values)) {
        await afterFollowUpChange(trx, await getPrefs(trx, companyId));
      }
    });
  }
  return getPrefs(db, companyId);
}
