import { createHash } from 'node:crypto';
import { presetTemplates, type PresetTemplate } from '../../../db/seeds/preset-templates.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId } from '../../domain/team.js';
import {
  clearDefaultTemplate,
  findDefaultTemplateRow,
  findPresetRow,
  insertTemplateRow,
  updateTemplateRow,
} from './templates.repo.js';

/** The company a template is installed for, and who it is recorded as made by. */
export interface TemplateOwner {
  companyId: CompanyId;
  createdBy: number;
}

export type PresetOutcome = 'installed' | 'updated' | 'unchanged' | 'kept-edited';

/**
 * Installs or updates one shipped preset for one company, idempotently:
 * missing -> installed (and made the default when the company has none);
 * untouched since installed but shipped HTML changed -> updated (version + 1);
 * edited by the contractor -> kept as it is.
 */
export async function installPreset(
  trx: DbOrTrx,
  owner: TemplateOwner,
  preset: PresetTemplate,
  now = new Date().toISOString(),
): Promise<PresetOutcome> {
  const { companyId } = owner;
  const existing = await findPresetRow(trx, companyId, preset.key);
  if (!existing) {
    const makeDefault = !(await findDefaultTemplateRow(trx, companyId));
    if (makeDefault) await clearDefaultTemplate(trx, companyId);
    await insertTemplateRow(trx, {
      companyId,
      createdBy: owner.createdBy,
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
  await updateTemplateRow(trx, companyId, existing.id, {
    name: existing.name,
    html: preset.html,
    now,
    presetSha256: preset.sha256,
  });
  return 'updated';
}

/** Gives a new company every shipped preset; the first becomes its default. */
export async function installAllPresets(trx: DbOrTrx, owner: TemplateOwner): Promise<void> {
  for (const preset of presetTemplates) await installPreset(trx, owner, preset);
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
