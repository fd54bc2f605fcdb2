/**
 * `npm run db:copy -- --to postgres://user:password@host:5432/database [--from data/app.db]`:
 * moves an installation up from SQLite to PostgreSQL (README, "Moving up to PostgreSQL"). The
 * source is DATA_DIR's app.db unless --from names another file; the target must be an empty
 * database, given by --to or else by DATABASE_URL (from the environment or .env, which keeps the
 * password out of the process list). Progress goes to stdout; the password never does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.js';
import { copyToPostgres, CopyRefusedError, type CopyProgress } from '../src/db/copy-to-postgres.js';
import { createDb } from '../src/db/kysely.js';
import { checkPostgres, createPostgresDb, describePostgresUrl } from '../src/db/postgres.js';

const USAGE =
  'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from data/app.db]\n' +
  '   or: DATABASE_URL=postgres://... npm run db:copy [-- --from data/app.db]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { to: { type: 'string' }, from: { type: 'string' } },
});
if (existsSync('.env')) process.loadEnvFile('.env');
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
})();
const targetUrl = values.to ?? config.DATABASE_URL;
if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) fail(USAGE);
const sourceFile = path.resolve(values.from ?? path.join(config.DATA_DIR, 'app.db'));
if (!existsSync(sourceFile)) fail(`No SQLite database at ${sourceFile}: nothing to copy.`);

const targetName = describePostgresUrl(targetUrl);
const target = createPostgresDb(targetUrl, {
  poolSize: 2,
  onIdleError: (error) => console.error(`PostgreSQL connection failed: ${error.message}`),
});
const { db: source } = createDb(sourceFile);
const number = new Intl.NumberFormat('en-US');
const started = performance.now();
let lastLine = 0;

/** One line per table, and on a big table one line a second with how far it is. */
function showProgress({ table, copied, total }: CopyProgress) {
  const done = copied === total;
  if (!done && performance.now() - lastLine < 1000) return;
  lastLine = performance.now();
  const percent = total === 0 ? 100 : Math.floor((copied / total) * 100);
  const rows = `${number.format(copied)} of ${number.format(total)} rows`;
  console.log(`  ${table}: ${rows} (${percent}%)${done ? ', done' : ''}`);
}

try {
  await checkPostgres(target, targetUrl, values.to ? '--to' : 'DATABASE_URL');
  console.log(`Copying ${sourceFile} into PostgreSQL at ${targetName}`);
  const report = await copyToPostgres(source, target, showProgress);
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
  console.error(error instanceof CopyRefusedError ? safe : `The copy failed: ${safe}`);
  process.exitCode = 1;
} finally {
  await source.destroy();
  await target.destroy();
}
