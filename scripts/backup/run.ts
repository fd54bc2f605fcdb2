/**
 * `npm run backup -- <file>`: a consistent copy of the database, taken while the app runs.
 * The README ("Backup and restore") says how to put a copy back.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  BackupError,
  backupDatabase,
  copyMailSealKey,
  FIRST_STEP_PAGES,
} from './backup-database.js';

const usage = `Usage: npm run backup -- <file>

Copies the database ($DATA_DIR/app.db; DATA_DIR defaults to ./data, .env is read like npm start)
to <file> while the app keeps running, using SQLite's online backup. The copy is checked with
PRAGMA integrity_check before it gets its name. The key that seals queued mails is copied beside
it as <file>.mail-seal.key. <file> must not exist yet: an old backup is never overwritten. A
relative <file> is taken from the folder you ran npm in.

Example: npm run backup -- /var/backups/tradesign/app-2026-01-31.db`;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Prints a line at each tenth of a big copy; a small one finishes before anything is worth saying. */
function progressPrinter() {
  let shownTenth = -1;
  return ({ totalPages, remainingPages }: { totalPages: number; remainingPages: number }) => {
    if (totalPages <= FIRST_STEP_PAGES) return;
    const tenth = Math.floor(((totalPages - remainingPages) * 10) / totalPages);
    if (tenth === shownTenth) return;
    shownTenth = tenth;
    console.log(`Copying: ${remainingPages} of ${totalPages} pages left`);
  };
}

async function main(): Promise<number> {
  let parsed: { values: { help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(usage);
    return 0;
  }
  const [target, ...extra] = parsed.positionals;
  if (!target || extra.length > 0) {
    console.error(usage);
    return 2;
  }

  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (config.DATABASE_URL) {
    // PostgreSQL keeps its own data: its own tool backs it up (README, "Moving up to PostgreSQL").
    console.error(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. Back it up with pg_dump (README, "Moving up to PostgreSQL").',
    );
    return 1;
  }
  const source = path.resolve(config.DATA_DIR, 'app.db');
  // npm runs scripts from the package folder; INIT_CWD is where the person typed the command.
  const destination = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);

  console.log(`Backing up ${source} to ${destination}`);
  const summary = await backupDatabase(source, destination, { onProgress: progressPrinter() });
  const contracts = `${summary.contracts} contract${summary.contracts === 1 ? '' : 's'}`;
  console.log(
    `Backup written: ${summary.file} (${formatBytes(summary.bytes)}, ${contracts}, integrity check ok)`,
  );
  const key = copyMailSealKey(config.DATA_DIR, summary.file);
  if (key) {
    console.log(
      `Mail key copied: ${key} (keep it with the backup; restore it as $DATA_DIR/mail-seal.key)`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
    else console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
