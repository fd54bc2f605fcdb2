import path from 'node:path';
import { restoreBackup } from '../../db/backup/restore-database.js';
import { migrations } from '../../db/migrate.js';
import {
  CliError,
  fromWhereTyped,
  keepDataPrivate,
  loadCliConfig,
  plural,
} from '../cli-support.js';

export const restoreHelp = `
Puts a backup made by "tradesign backup" (and its <file>.mail-seal.key, when it is beside it)
into $DATA_DIR as app.db. The backup is checked first. Stop the app before restoring.
A database already in $DATA_DIR is never overwritten: the command refuses, or with --replace
moves it into $DATA_DIR/replaced-<time>/. Start the app afterwards: a backup made by an older
version is brought up to date then (after its own automatic backup).

Example: DATA_DIR=/var/lib/tradesign tradesign restore /var/backups/tradesign/app-2026-01-31.db`;

/** `tradesign restore <file> [--replace]`. */
export function restoreCommand(file: string, options: { replace?: boolean }): void {
  const config = loadCliConfig();
  if (config.DATABASE_URL) {
    throw new CliError(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not restore. Use pg_restore or psql (README, "Moving up to PostgreSQL").',
    );
  }
  const summary = restoreBackup({
    backupFile: fromWhereTyped(file),
    dataDir: path.resolve(config.DATA_DIR),
    replace: options.replace === true,
    knownMigrations: Object.keys(migrations),
    now: new Date(),
  });
  keepDataPrivate(config);
  if (summary.movedAside)
    console.log(`The database that was there is now in ${summary.movedAside}`);
  console.log(`Restored ${plural(summary.contracts, 'contract')} into ${summary.database}`);
  if (summary.mailKey) console.log(`Mail key restored: ${summary.mailKey}`);
  else if (summary.keptMailKey) {
    console.log(
      `Kept the mail key already in the data folder (${summary.keptMailKey}); there is no <file>.mail-seal.key beside the backup. If the backup comes from another installation, copy its key there, or the mails that were waiting when it was taken will fail.`,
    );
  } else {
    console.log(
      'No <file>.mail-seal.key beside the backup: mails that were waiting to be sent when it was taken will fail (each shows as undelivered on its contract).',
    );
  }
  console.log('Next: start the app (tradesign start).');
}
