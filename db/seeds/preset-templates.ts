import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The contract templates TradeSign ships. Every new account gets the first one as its default;
 * `npm run seed:templates` installs or updates them for existing accounts.
 */
export interface PresetTemplate {
  key: string;
  name: string;
  html: string;
  sha256: string;
}

const presetFiles = [{ key: 'standard-contract', name: 'Standard Contract' }] as const;

function loadPreset(entry: (typeof presetFiles)[number]): PresetTemplate {
  const file = path.join(import.meta.dirname, 'templates', `${entry.key}.html`);
  const html = readFileSync(file, 'utf8');
  return { ...entry, html, sha256: createHash('sha256').update(html).digest('hex') };
}

export const presetTemplates: readonly PresetTemplate[] = presetFiles.map(loadPreset);
