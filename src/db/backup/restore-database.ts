import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { MAIL_SEAL_KEY_FILE } from '../../lib/data-folder.js';
import { BackupError, integrityProblems, syncFolder } from './backup-database.js';

/**
 * Copies a backup over a database file that nothing has open: under a temporary name first, then
 * renamed into place, so a crash leaves either the old file or the whole copy. The old `-wal` and
 * `-shm` files go first: SQLite would replay a leftover WAL into the copy and damage it.
 */
export function putBackDatabaseFile(backupFile: string, databaseFile: string): void {
  const partial = `${databaseFile}.${process.pid}.restoring`;
  fs.copyFileSync(backupFile, partial);
  const fd = fs.openSync(partial, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  for (const leftover of [`${databaseFile}-wal`, `${databaseFile}-shm`]) {
    fs.rmSync(leftover, { force: true });
  }
  fs.renameSync(partial, databaseFile);
  syncFolder(path.dirname(databaseFile));
}

export interface BackupFacts {
  contracts: number;
  /** The migrations the backup's schema has had. */
  migrations: string[];
}

/** Opens a backup read-only and checks it is a whole TradeSign database; says what it holds. */
export function inspectBackup(file: string): BackupFacts {
  if (!fs.existsSync(file)) throw new BackupError(`No file at ${file}`);
  if (!fs.statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a database: ${String(error)}`);
  }
  try {
    const problems = integrityProblems(db);
    if (problems.length > 0) {
      throw new BackupError(
        `${file} is not a sound SQLite database (${problems.slice(0, 3).join('; ')}): nothing was restored`,
      );
    }
    const tables = new Set(
      (
        db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    if (!tables.has('kysely_migration') || !tables.has('contracts')) {
      throw new BackupError(`${file} is not a TradeSign backup (it has no contracts table)`);
    }
    const migrations = (
      db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]
    ).map((row) => row.name);
    const { contracts } = db.prepare('SELECT count(*) AS contracts FROM contracts').get() as {
      contracts: number;
    };
    return { contracts, migrations };
  } finally {
    db.close();
  }
}

export interface RestoreOptions {
  backupFile: string;
  dataDir: string;
  /** Move a database already in the folder aside instead of refusing. */
  replace: boolean;
  /** Migrations this version knows: a backup with others was made by a newer version. */
  knownMigrations: readonly string[];
  now: Date;
}

export interface RestoreSummary {
  database: string;
  contracts: number;
  /** Where the replaced database went, when there was one. */
  movedAside: string | null;
  /** The mail key put in place, or null when the backup had none beside it. */
  mailKey: string | null;
  /** The key already in the data folder, kept because the backup had none beside it. */
  keptMailKey: string | null;
}

/**
 * Puts a backup (and its mail key, `<file>.mail-seal.key`) into a data folder, which is created if
 * need be. A database already there is never overwritten: without `replace` the restore refuses;
 * with it, the old files are moved into `replaced-<time>/` in the same folder.
 */
export function restoreBackup(options: RestoreOptions): RestoreSummary {
  const backupFile = path.resolve(options.backupFile);
  const dataDir = path.resolve(options.dataDir);
  const facts = inspectBackup(backupFile);
  const newer = facts.migrations.filter((name) => !options.knownMigrations.includes(name));
  if (newer.length > 0) {
    throw new BackupError(
      `${backupFile} was made by a newer TradeSign (its database has had ${newer.join(', ')}): ` +
        'restore it with that version. Nothing was restored.',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = path.join(dataDir, 'app.db');
  const keyTarget = path.join(dataDir, MAIL_SEAL_KEY_FILE);
  const keySource = `${backupFile}.${MAIL_SEAL_KEY_FILE}`;
  const hasKey = fs.existsSync(keySource);

  let movedAside: string | null = null;
  const occupied = [database, `${database}-wal`].filter((file) => fs.existsSync(file));
  if (occupied.length > 0) {
    if (!options.replace) {
      throw new BackupError(
        `${database} already exists. Stop the app, then run restore again with --replace: the ` +
          'database there is moved aside into a replaced-<time> folder, never deleted.',
      );
    }
    movedAside = path.join(dataDir, `replaced-${options.now.toISOString().replace(/[:.]/g, '-')}`);
    fs.mkdirSync(movedAside, { mode: 0o700 });
    const aside = [database, `${database}-wal`, `${database}-shm`];
    if (hasKey) aside.push(keyTarget);
    for (const file of aside) {
      if (fs.existsSync(file)) fs.renameSync(file, path.join(movedAside, path.basename(file)));
    }
  }

  putBackDatabaseFile(backupFile, database);
  fs.chmodSync(database, 0o600);
  let mailKey: string | null = null;
  if (hasKey) {
    // Mails queued at backup time were sealed with this key; a different key could not open them.
    fs.copyFileSync(keySource, keyTarget);
    fs.chmodSync(keyTarget, 0o600);
    mailKey = keyTarget;
  }
  // A backup taken before a migration sits beside the live key and has none of its own.
  const keptMailKey = !hasKey && fs.existsSync(keyTarget) ? keyTarget : null;
  return { database, contracts: facts.contracts, movedAside, mailKey, keptMailKey };
}
