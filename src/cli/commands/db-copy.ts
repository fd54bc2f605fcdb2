import { existsSync } from 'node:fs';
import path from 'node:path';
import { copyToPostgres, CopyRefusedError, type CopyProgress } from '../../db/copy-to-postgres.js';
import { createDb } from '../../db/kysely.js';
import { checkPostgres, createPostgresDb, describePostgresUrl } from '../../db/postgres.js';
import { CliError, fromWhereTyped, keepDataPrivate, loadCliConfig } from '../cli-support.js';

export const dbCopyHelp = `
Moves an installation up from SQLite to PostgreSQL (README, "Moving up to PostgreSQL"). The
source is $DATA_DIR/app.db unless --from names another file; the target must be an empty
database, given by --to or else by DATABASE_URL (from the environment or .env, which keeps the
password out of the process list). Progress goes to stdout; the password never does.

Example: DATABASE_URL=postgres://tradesign:secret@db.internal:5432/tradesign tradesign db:copy`;

const number = new Intl.NumberFormat('en-US');

/** One line per table, and on a big table one line a second with how far it is. */
function progressPrinter() {
  let lastLine = 0;
  return ({ table, copied, total }: CopyProgress) => {
    const done = copied === total;
    if (!done && performance.now() - lastLine < 1000) return;
    lastLine = performance.now();
    const percent = total === 0 ? 100 : Math.floor((copied / total) * 100);
    const rows = `${number.format(copied)} of ${number.format(total)} rows`;
    console.log(`  ${table}: ${rows} (${percent}%)${done ? ', done' : ''}`);
  };
}

/** `tradesign db:copy [--to <url>] [--from <file>]`. */
export async function dbCopyCommand(options: { to?: string; from?: string }): Promise<void> {
  const config = loadCliConfig();
  const targetUrl = options.to ?? config.DATABASE_URL;
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    throw new CliError(
      'Name the PostgreSQL database: --to postgres://user:password@host:5432/database, or set DATABASE_URL.',
    );
  }
  const sourceFile = options.from
    ? fromWhereTyped(options.from)
    : path.resolve(config.DATA_DIR, 'app.db');
  if (!existsSync(sourceFile))
    throw new CliError(`No SQLite database at ${sourceFile}: nothing to copy.`);
  keepDataPrivate(config);

  const target = createPostgresDb(targetUrl, {
    poolSize: 2,
    onIdleError: (error) => console.error(`PostgreSQL connection failed: ${error.message}`),
  });
  const { db: source } = createDb(sourceFile);
  const started = performance.now();
  try {
    await checkPostgres(target, targetUrl, options.to ? '--to' : 'DATABASE_URL');
    console.log(`Copying ${sourceFile} into PostgreSQL at ${describePostgresUrl(targetUrl)}`);
    const report = await copyToPostgres(source, target, progressPrinter());
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    const sampled = report.tables.reduce((sum, table) => sum + table.sampled, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Copied ${number.format(rows)} rows in ${seconds} s. Checked: the row count of every table, ` +
        `and ${number.format(sampled)} rows read back from both databases with equal hashes.`,
    );
    console.log(
      'Next: set DATABASE_URL to this database on every instance, with the same mail key (copy ' +
        'mail-seal.key from DATA_DIR, or set MAIL_SEAL_KEY to its contents), and start them.',
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const password = new URL(targetUrl).password;
    const safe = password ? message.split(decodeURIComponent(password)).join('***') : message;
    throw new CliError(error instanceof CopyRefusedError ? safe : `The copy failed: ${safe}`);
  } finally {
    await source.destroy();
    await target.destroy();
  }
}
