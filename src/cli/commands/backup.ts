import fs from 'node:fs';
import path from 'node:path';
import {
  backupDatabase,
  copyMailSealKey,
  FIRST_STEP_PAGES,
} from '../../db/backup/backup-database.js';
import {
  CliError,
  fromWhereTyped,
  keepDataPrivate,
  loadCliConfig,
  plural,
} from '../cli-support.js';

export const backupHelp = `
Copies the database ($DATA_DIR/app.db) to <file> while the app keeps running, with SQLite's
online backup. The copy is checked with PRAGMA integrity_check before it gets its name. The key
that seals queued mails is copied beside it as <file>.mail-seal.key. <file> must not exist yet:
an old backup is never overwritten. A relative <file> is taken from the folder you are in.
Both are readable by this user only.

Example: tradesign backup /var/backups/tradesign/app-2026-01-31.db`;

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

/** `tradesign backup <file>`. */
export async function backupCommand(target: string): Promise<void> {
  const config = loadCliConfig();
  if (config.DATABASE_URL) {
    // PostgreSQL keeps its own data: its own tool backs it up (README, "Moving up to PostgreSQL").
    throw new CliError(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. Back it up with pg_dump (README, "Moving up to PostgreSQL").',
    );
  }
  keepDataPrivate(config);
  const source = path.resolve(config.DATA_DIR, 'app.db');
  const destination = fromWhereTyped(target);
  console.log(`Backing up ${source} to ${destination}`);
  const summary = await backupDatabase(source, destination, { onProgress: progressPrinter() });
  // The umask already made it so (src/cli/main.ts); said again here because a backup usually
  // leaves DATA_DIR for a shared folder, and holds everything the database does.
  fs.chmodSync(summary.file, 0o600);
  console.log(
    `Backup written: ${summary.file} (${formatBytes(summary.bytes)}, ${plural(summary.contracts, 'contract')}, integrity check ok)`,
  );
  const key = copyMailSealKey(config.DATA_DIR, summary.file);
  if (key) {
    console.log(
      `Mail key copied: ${key} (keep it with the backup; "tradesign restore" puts it back)`,
    );
  }
}
