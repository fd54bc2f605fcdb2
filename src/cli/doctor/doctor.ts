import os from 'node:os';
import type { Config } from '../../config.js';
import { checkChromium } from './chromium-check.js';
import { checkConfig } from './config-check.js';
import { checkDataFolder } from './data-folder-check.js';
import { checkDatabase } from './database-check.js';
import { fail, formatFinding, reasonOf, type Finding } from './finding.js';
import { checkOllama } from './ollama-check.js';
import { checkSealCertificate, checkTimestampAuthority } from './seal-check.js';
import { checkSmtp } from './smtp-check.js';

export interface DoctorOptions {
  /** Already has .env loaded by the caller. */
  env: NodeJS.ProcessEnv;
  /** Receives one line at a time. */
  print: (line: string) => void;
  /** Per network check (database, SMTP, Ollama); default 5000. */
  timeoutMs?: number;
}

type Check = (config: Config) => Promise<Finding | Finding[]>;

/** Runs every check, prints what it found in plain words, returns 0 when nothing needs fixing, 1 otherwise. */
export async function runDoctor(options: DoctorOptions): Promise<number> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const findings: Finding[] = [];
  const report = (found: Finding[]) => {
    findings.push(...found);
    for (const finding of found) for (const line of formatFinding(finding)) options.print(line);
  };

  const parsed = checkConfig(options.env);
  report(parsed.findings);
  if ('config' in parsed) {
    const user = os.userInfo().username;
    const checks: Check[] = [
      (config) => checkDataFolder(config, user),
      (config) => checkDatabase(config, user, timeoutMs),
      (config) => checkChromium(config.CHROMIUM_PATH),
      (config) => Promise.resolve(checkSealCertificate(config)),
      (config) => checkTimestampAuthority(config),
      (config) => checkSmtp(config, timeoutMs),
      (config) => checkOllama(config, timeoutMs),
    ];
    // All at once, so the slow ones overlap; reported in order, each as soon as it and those
    // before it are done.
    const running = checks.map((check) => settle(check(parsed.config)));
    for (const result of running) report(await result);
  } else {
    options.print(
      'Skipped the other checks (data folder, database, Chromium, seal certificate, SMTP, Ollama): they need a valid configuration.',
    );
  }

  const problems = findings.filter((finding) => finding.level === 'fail').length;
  const warnings = findings.filter((finding) => finding.level === 'warn').length;
  options.print(
    problems + warnings === 0
      ? 'Everything looks right.'
      : `${problems} problem(s) to fix, ${warnings} warning(s).`,
  );
  return problems > 0 ? 1 : 0;
}

/** A check that throws is a finding too, so one surprise never hides the other checks. */
async function settle(pending: Promise<Finding | Finding[]>): Promise<Finding[]> {
  try {
    const found = await pending;
    return Array.isArray(found) ? found : [found];
  } catch (error) {
    return [
      fail(
        `A check stopped unexpectedly: ${reasonOf(error)}`,
        'run the doctor again; if it repeats, report this line',
      ),
    ];
  }
}
