import { existsSync } from 'node:fs';
import path from 'node:path';
import { commandFolder, ConfigError, loadConfig, type Config } from '../config.js';
import { describeEntry, listEntries, makePrivate } from '../lib/private-files.js';

/**
 * sysexits' EX_CONFIG: a bad setting or a migration that failed. Starting again cannot help, so
 * the systemd unit does not restart on it (RestartPreventExitStatus in deploy/tradesign.service).
 */
export const EXIT_NEEDS_A_FIX = 78;

/** A refusal or failure the person at the terminal can act on; its message is the whole story. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** `.env` in the folder the command runs in, when there is one, into the environment. */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

/**
 * Reads `.env` from the folder the command runs in, when there is one, then the configuration,
 * exactly as the server does; a bad variable becomes one line each.
 */
export function loadCliConfig(): Config {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, EXIT_NEEDS_A_FIX);
    throw error;
  }
}

/** A file name as the person typed it: relative to the folder they typed it in. */
export function fromWhereTyped(file: string): string {
  return path.resolve(commandFolder(), file);
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Takes other users' access off DATA_DIR and everything in it, and says what it changed: files
 * made before the command line set its umask (src/cli/main.ts) were readable by everyone.
 */
export function keepDataPrivate(config: Pick<Config, 'DATA_DIR'>): void {
  const dir = path.resolve(config.DATA_DIR);
  const { fixed, failed } = makePrivate(dir);
  if (fixed.length > 0) {
    console.log(
      `Made private to this user, in ${dir} (other users could read them): ${listEntries(dir, fixed)}`,
    );
  }
  for (const { entry, reason } of failed) {
    console.warn(
      `Could not make ${describeEntry(dir, entry)} in ${dir} private (${reason}): run as the user TradeSign runs as, or chmod go-rwx it`,
    );
  }
}
