import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/kysely.js';
import { migrations } from '../../db/migrate.js';
import {
  hasTables,
  migrateSafely,
  planMigrations,
  preMigrationBackupName,
  type MigrationPlan,
} from '../../db/safe-migrate.js';
import { appVersion } from '../../lib/app-version.js';
import {
  CliError,
  EXIT_NEEDS_A_FIX,
  keepDataPrivate,
  loadCliConfig,
  plural,
} from '../cli-support.js';

export const migrateHelp = `
Brings the database up to date, as "tradesign start" does before it serves. On SQLite, an
existing database is first copied next to itself as app-before-<version>-<time>.db; if a
migration fails, the database is put back from that copy and the command says where it is.
On PostgreSQL all pending migrations run in one transaction (back it up with pg_dump first).
With --dry-run it only lists what would run, and changes nothing.`;

const warn = (_details: object, message: string) => console.warn(message);

function describePlan(plan: MigrationPlan): string {
  if (plan.unknown.length > 0) {
    return `This database has had migrations version ${appVersion} does not know: ${plan.unknown.join(', ')}. It was upgraded by a newer TradeSign; run that version.`;
  }
  if (plan.pending.length === 0) return `Up to date: ${plural(plan.applied, 'migration')} applied.`;
  return [
    `${plural(plan.pending.length, 'migration')} to apply (${plan.applied} already applied):`,
    ...plan.pending.map((name) => `  ${name}`),
  ].join('\n');
}

async function dryRun(config: Config): Promise<void> {
  const file = path.resolve(config.DATA_DIR, 'app.db');
  if (!config.DATABASE_URL && !existsSync(file)) {
    // Opening the file would create it: a dry run leaves no trace.
    console.log(
      `No database at ${file} yet: the first start creates it and applies ${plural(Object.keys(migrations).length, 'migration')}.`,
    );
    return;
  }
  const { db, engine, target } = await openDatabase(config, { warn });
  try {
    const plan = await planMigrations(db);
    console.log(`Database: ${target}`);
    console.log(describePlan(plan));
    if (plan.pending.length > 0 && plan.unknown.length === 0) {
      console.log(
        engine === 'sqlite' && (await hasTables(db))
          ? `A backup would be written first to ${preMigrationBackupName(file, appVersion, new Date())}`
          : engine === 'postgres'
            ? 'They would run in one transaction. Back up with pg_dump before upgrading.'
            : 'The database is new: there is nothing to back up.',
      );
    }
    console.log('Dry run: nothing was changed.');
  } finally {
    await db.destroy();
  }
}

/** `tradesign migrate [--dry-run]`. */
export async function migrateCommand(options: { dryRun?: boolean }): Promise<void> {
  const config = loadCliConfig();
  if (options.dryRun) return dryRun(config);
  keepDataPrivate(config);
  const { db, engine, target } = await openDatabase(config, { warn });
  let closed = false;
  try {
    console.log(`Database: ${target}`);
    const result = await migrateSafely(
      { db, engine, target },
      { log: (line) => console.log(line) },
    ).catch((error: unknown) => {
      closed = true; // migrateSafely closes the connection when it fails
      throw new CliError(error instanceof Error ? error.message : String(error), EXIT_NEEDS_A_FIX);
    });
    if (result.applied.length === 0) console.log('Already up to date: nothing to do.');
  } finally {
    if (!closed) await db.destroy();
  }
}
