import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { OnboardingInput, Prefs, UpdatePrefsInput } from '../../domain/prefs.schemas.js';
import { removeLogo } from './logo.service.js';
import { findPrefs, upsertPrefs, type PrefsColumns } from './prefs.repo.js';

const emptyPrefs: Prefs = {
  company_name: null,
  company_phone: null,
  company_email: null,
  company_address: null,
  company_website: null,
  logo_path: null,
};

export async function getPrefs(db: DbOrTrx, userId: number): Promise<Prefs> {
  return (await findPrefs(db, userId)) ?? emptyPrefs;
}

/**
 * Saves only the fields present in the input: a field left out keeps its value.
 * `logo_path: null` removes the logo (and its stored image).
 */
export async function updatePrefs(
  db: DB,
  userId: number,
  input: UpdatePrefsInput | OnboardingInput,
): Promise<Prefs> {
  const { logo_path: logoPath, ...fields } = { logo_path: undefined, ...input };
  const values: PrefsColumns = {};
  for (const [key, value] of Object.entries(fields) as [keyof PrefsColumns, string | null][]) {
    if (value !== undefined) values[key] = value;
  }
  if (logoPath === null) await removeLogo(db, userId);
  if (Object.keys(values).length > 0) {
    await upsertPrefs(db, userId, values, new Date().toISOString());
  }
  return getPrefs(db, userId);
}
