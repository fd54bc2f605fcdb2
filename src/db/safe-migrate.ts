import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { backupDatabase } from './backup/backup-database.js';
import { putBackDatabaseFile } from './backup/restore-database.js';
import type { Engine } from './engine.js';
import { appVersion } from '../lib/app-version.js';
import { migrateToLatest, migrations as shippedMigrations } from './migrate.js';

/** What bringing a database up to date would do. */
export interface MigrationPlan {
  /** Migrations this version has that the database has not had yet, oldest first. */
  pending: string[];
  /** How many migrations the database has had. */
  applied: number;
  /** Migrations the database has had that this version does not know: a newer version ran. */
  unknown: string[];
}

/** The database as openDatabase() gives it: on SQLite, `target` is the file. */
export interface MigrationTarget<Schema> {
  db: Kysely<Schema>;
  engine: Engine;
  target: string;
}

/** A migration that did not go through; its message says what happened to the data and where the backup is. */
export class MigrationFailedError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationFailedError';
  }
}

/** Reads the migrations table (none yet on a new database) against what this version ships. */
export async function planMigrations<Schema>(
  db: Kysely<Schema>,
  known: Record<string, unknown> = shippedMigrations,
): Promise<MigrationPlan> {
  let done: string[];
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    done = rows.map((row) => row.name);
  } catch {
    done = [];
  }
  const doneSet = new Set(done);
  return {
    pending: Object.keys(known)
      .sort()
      .filter((name) => !doneSet.has(name)),
    applied: done.length,
    unknown: done.filter((name) => !(name in known)).sort(),
  };
}

/** `app-before-0.2.0-20261125-234500.db`, next to the database. */
export function preMigrationBackupName(sqliteFile: string, version: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return path.join(path.dirname(sqliteFile), `app-before-${version}-${stamp}.db`);
}

export interface SafeMigrationOptions {
  /** The version named in the backup's file name; this TradeSign's own unless a test says. */
  version?: string;
  clock?: () => Date;
  log: (line: string) => void;
  /** The migrations to bring the database to; the ones this version ships unless a test says. */
  migrations?: Record<string, Migration>;
}

/**
 * Brings the schema up to date the way an upgrade must (issue 21): nothing happens when nothing
 * is pending; on SQLite an online backup named with the version is taken next to the database
 * before the first change, and if a migration fails the database is put back from it, so it is
 * exactly as it was. PostgreSQL runs all pending migrations in one transaction (Kysely does this
 * where DDL is transactional), so a failure there changes nothing; its backups are pg_dump's job.
 * On failure the connection is closed: the caller must not use `db` again.
 */
export async function migrateSafely<Schema>(
  target: MigrationTarget<Schema>,
  options: SafeMigrationOptions,
): Promise<{ applied: string[]; backup: string | null }> {
  const { db, engine } = target;
  const sqliteFile = engine === 'sqlite' ? target.target : null;
  const version = options.version ?? appVersion;
  let backup: string | null = null;
  try {
    const plan = await planMigrations(db, options.migrations);
    if (plan.unknown.length > 0) {
      throw new MigrationFailedError(
        `This database was brought up to date by a newer TradeSign (it has had ${plan.unknown.join(', ')}, ` +
          `which version ${version} does not know). Run that version, or restore a backup made ` +
          'before the upgrade. Nothing was changed.',
        null,
      );
    }
    if (plan.pending.length === 0) return { applied: [], backup: null };
    // An empty file (a first start) has nothing to lose; anything else is copied first.
    if (sqliteFile && (await hasTables(db))) {
      backup = preMigrationBackupName(sqliteFile, version, (options.clock ?? (() => new Date()))());
      options.log(
        `Backing up the database before ${plan.pending.length} migration(s) to ${backup}`,
      );
      await backupDatabase(sqliteFile, backup);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  try {
    const applied = await migrateToLatest(db, options.migrations);
    if (applied.length > 0) options.log(`Database brought up to date: ${applied.join(', ')}`);
    return { applied, backup };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.destroy();
    throw new MigrationFailedError(`${reason}\n${afterFailure(sqliteFile, backup)}`, error);
  }
}

/** Whether a SQLite database holds anything: a file a first start just made holds nothing. */
export async function hasTables<Schema>(db: Kysely<Schema>): Promise<boolean> {
  const { rows } = await sql<{ tables: number }>`
    SELECT count(*) AS tables FROM sqlite_master WHERE type = 'table'`.execute(db);
  return (rows[0]?.tables ?? 0) > 0;
}

/** Puts the database back as it was, and says so, with where the backup is. */
function afterFailure(sqliteFile: string | null, backup: string | null): string {
  if (!sqliteFile) {
    return 'PostgreSQL ran the migrations in one transaction, so the database is as it was.';
  }
  if (backup) {
    putBackDatabaseFile(backup, sqliteFile);
    return (
      `The database was put back as it was before, from the backup at ${backup} ` +
      '(keep it until a start succeeds).'
    );
  }
  // The file was empty before this start: remove what it made, so the next start begins clean.
  for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) {
    fs.rmSync(file, { force: true });
  }
  return `The new database at ${sqliteFile} was removed; nothing else was there.`;
}
