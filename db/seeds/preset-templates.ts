import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../../src/domain/i18n/languages.js';
import { appFilesDir } from '../../src/lib/app-files.js';

/**
 * The contract templates TradeSign ships. Every new account gets them all, the first as its
 * default; `npm run seed:templates` installs or updates them for existing accounts.
 */
export interface PresetTemplate {
  key: string;
  name: string;
  /** The language its words are in. */
  language: Language;
  /**
   * The key of the English preset this one is the twin of (its own key for an English one): a
   * contract in another language is frozen with the default's twin (docs/decisions/029).
   */
  family: string;
  html: string;
  sha256: string;
}

const presetFiles = [
  {
    key: 'standard-contract',
    name: 'Standard Contract',
    language: 'en',
    family: 'standard-contract',
  },
  {
    key: 'contrato-estandar',
    name: 'Contrato estándar',
    language: 'es',
    family: 'standard-contract',
  },
] as const satisfies readonly Omit<PresetTemplate, 'html' | 'sha256'>[];

function loadPreset(entry: (typeof presetFiles)[number]): PresetTemplate {
  const file = path.join(appFilesDir('presetTemplates'), `${entry.key}.html`);
  const html = readFileSync(file, 'utf8');
  return { ...entry, html, sha256: createHash('sha256').update(html).digest('hex') };
}

export const presetTemplates: readonly PresetTemplate[] = presetFiles.map(loadPreset);

/**
 * The key of the shipped twin, in this language, of the preset a template was installed from;
 * null when the template is the contractor's own or the preset has no twin in that language.
 */
export function presetTwinKey(presetKey: string | null, language: Language): string | null {
  const preset = presetTemplates.find((candidate) => candidate.key === presetKey);
  if (!preset) return null;
  const twin = presetTemplates.find(
    (candidate) => candidate.family === preset.family && candidate.language === language,
  );
  return twin?.key ?? null;
}
