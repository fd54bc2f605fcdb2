import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checkPostgres, describePostgresUrl } from '../../db/postgres.js';
import { fail, fileReasonOf, ok, reasonOf, type Finding } from './finding.js';

/** The database the app would open: PostgreSQL when DATABASE_URL is set, else DATA_DIR/app.db. */
export async function checkDatabase(
  config: { DATA_DIR: string; DATABASE_URL?: string | undefined },
  user: string,
  timeoutMs: number,
): Promise<Finding> {
  return config.DATABASE_URL
    ? checkPostgresUrl(config.DATABASE_URL, timeoutMs)
    : checkSqliteFile(path.resolve(config.DATA_DIR, 'app.db'), user);
}

async function checkSqliteFile(file: string, user: string): Promise<Finding> {
  const found = await stat(file).catch((error: NodeJS.ErrnoException) => error);
  if (found instanceof Error && found.code === 'ENOENT') {
    return ok(`No database yet at ${file}; the first start creates it`);
  }
  if (found instanceof Error) {
    return fail(
      `The database ${file} cannot be looked at by user ${user}: ${fileReasonOf(found)}`,
      `make DATA_DIR a folder that user ${user} can use (see the data folder line above)`,
    );
  }
  try {
    // R_OK | W_OK is honest here: root can read and write any file, as access() says.
    await access(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    return fail(
      `User ${user} cannot read and write the database ${file}: ${fileReasonOf(error)}`,
      `sudo chown ${user}: ${file}* (or run this check as the user TradeSign runs as)`,
    );
  }
  try {
    // Read-only: the doctor must never change the database, even by recovering a journal.
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const result = sqlite.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new Error(`SQLite's quick check says: ${String(result)}`);
    } finally {
      sqlite.close();
    }
  } catch (error) {
    return fail(
      `The database ${file} is damaged or not SQLite: ${reasonOf(error)}`,
      'stop TradeSign, keep the file aside and restore the last backup (README, "Backup and restore")',
    );
  }
  return ok(`The database ${file} opens and passes SQLite's quick check`);
}

/** One `select 1` with a deadline; errors go through checkPostgres, which masks the password. */
async function checkPostgresUrl(url: string, timeoutMs: number): Promise<Finding> {
  const target = describePostgresUrl(url);
  const { default: pg } = await import('pg');
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: timeoutMs,
        query_timeout: timeoutMs,
      }),
    }),
  });
  try {
    await checkPostgres(db, url);
    return ok(`PostgreSQL at ${target} answers`);
  } catch (error) {
    const prefix = `DATABASE_URL: cannot use PostgreSQL at ${target}: `;
    const said = reasonOf(error);
    const reason = said.startsWith(prefix) ? said.slice(prefix.length) : said;
    return fail(`Cannot use PostgreSQL at ${target}: ${reason}`, postgresFix(reason, target));
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

function postgresFix(reason: string, target: string): string {
  if (/password authentication|role .* does not exist/i.test(reason)) {
    return 'correct the user name and password in DATABASE_URL';
  }
  if (/database .* does not exist/i.test(reason)) {
    return 'create it (README, "Moving up to PostgreSQL", step 1) or correct its name in DATABASE_URL';
  }
  return `start PostgreSQL at ${target}, or correct the host and port in DATABASE_URL; check that no firewall stands between`;
}
