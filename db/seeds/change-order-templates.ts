import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../../src/domain/i18n/languages.js';
import { appFilesDir } from '../../src/lib/app-files.js';
import type { PresetTemplate } from './preset-templates.js';

/**
 * The Change Order documents TradeSign ships (issue 38, docs/decisions/049), one per language,
 * from the same folder as the contract presets. They are not installed in an account's contract
 * templates: a change order is always printed on these, so its G701 lines read the same everywhere.
 */
const changeOrderFiles = [
  { key: 'change-order', name: 'Change Order', language: 'en', family: 'change-order' },
  { key: 'orden-de-cambio', name: 'Orden de cambio', language: 'es', family: 'change-order' },
] as const satisfies readonly Omit<PresetTemplate, 'html' | 'sha256'>[];

function load(entry: (typeof changeOrderFiles)[number]): PresetTemplate {
  const file = path.join(appFilesDir('presetTemplates'), `${entry.key}.html`);
  const html = readFileSync(file, 'utf8');
  return { ...entry, html, sha256: createHash('sha256').update(html).digest('hex') };
}

export const changeOrderTemplates: readonly PresetTemplate[] = changeOrderFiles.map(load);

/** The Change Order document in a language, English when there is none in it. */
export function changeOrderTemplateFor(language: Language): PresetTemplate {
  const found =
    changeOrderTemplates.find((preset) => preset.language === language) ??
    changeOrderTemplates.find((preset) => preset.language === 'en');
  if (!found) throw new Error('The Change Order template is missing');
  return found;
}
