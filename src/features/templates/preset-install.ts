import { createHash } from 'node:crypto';
import { presetTemplates, type PresetTemplate } from '../../../db/seeds/preset-templates.js';
import type { DbOrTrx } from '../../db/kysely.js';
import {
  clearDefaultTemplate,
  findDefaultTemplateRow,
  findPresetRow,
  insertTemplateRow,
  updateTemplateRow,
} from './templates.repo.js';

export type PresetOutcome = 'installed' | 'updated' | 'unchanged' | 'kept-edited';

/**
 * Installs or updates one shipped preset for one account, idempotently:
 * missing -> installed (and made the default when the account has none);
 * untouched since installed but shipped HTML changed -> updated (version + 1);
 * edited by the contractor -> kept as it is.
 */
export async function installPreset(
  trx: DbOrTrx,
  userId: number,
  preset: PresetTemplate,
  now = new Date().toISOString(),
): Promise<PresetOutcome> {
  const existing = await findPresetRow(trx, userId, preset.key);
  if (!existing) {
    const makeDefault = !(await findDefaultTemplateRow(trx, userId));
    if (makeDefault) await clearDefaultTemplate(trx, userId);
    await insertTemplateRow(trx, {
      userId,
      name: preset.name,
      html: preset.html,
      isDefault: makeDefault,
      now,
      presetKey: preset.key,
      presetSha256: preset.sha256,
    });
    return 'installed';
  }
  if (existing.preset_sha256 === preset.sha256) return 'unchanged';
  const editedByOwner = sha256Hex(existing.html) !== existing.preset_sha256;
  if (editedByOwner) return 'kept-edited';
  await updateTemplateRow(trx, userId, existing.id, {
    name: existing.name,
    html: preset.html,
    now,
    presetSha256: preset.sha256,
  });
  return 'updated';
}

/** Gives a new account every shipped preset; the first becomes its default. */
export async function installAllPresets(trx: DbOrTrx, userId: number): Promise<void> {
  for (const preset of presetTemplates) await installPreset(trx, userId, preset);
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
