import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { MAIL_SEAL_KEY_FILE } from '../../lib/data-folder.js';

/** A refusal or failure the person running the backup can act on; its message is the whole story. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** About 4 MB with SQLite's default page size: a small database is copied in one step. */
export const FIRST_STEP_PAGES = 1000;

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
}

export interface BackupOptions {
  /** Called between copy steps; a copy that fits in one step never calls it with progress made. */
  onProgress?: (progress: BackupProgress) => void;
  /** Pages copied by the first step (default FIRST_STEP_PAGES); tests make it small. */
  firstStepPages?: number;
}

export interface BackupSummary {
  /** Absolute path of the finished copy. */
  file: string;
  bytes: number;
  /** Contracts in the copy (of every account). */
  contracts: number;
}

/**
 * Copies a live SQLite database with SQLite's online backup API, so the copy is one consistent
 * moment even while the app keeps writing. The copy is checked (`PRAGMA integrity_check`) under a
 * temporary name next to `destinationFile` and only then takes its final name, which must be free.
 */
export async function backupDatabase(
  sourceFile: string,
  destinationFile: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const source = path.resolve(sourceFile);
  const destination = path.resolve(destinationFile);
  refuseUnusableDestination(source, destination);
  if (!fs.existsSync(source)) {
    throw new BackupError(`No database at ${source}: check DATA_DIR`);
  }

  // Visible (not a dotfile) so a copy cut short by a kill is noticed, never taken for a backup.
  const partial = `${destination}.${process.pid}.partial`;
  try {
    await copyOnline(source, partial, options);
    const contracts = checkCopy(partial);
    publishWithoutOverwriting(partial, destination);
    return { file: destination, bytes: fs.statSync(destination).size, contracts };
  } finally {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) {
      fs.rmSync(leftover, { force: true });
    }
  }
}

function refuseUnusableDestination(source: string, destination: string) {
  if ([source, `${source}-wal`, `${source}-shm`].includes(destination)) {
    throw new BackupError(`${destination} is the live database: choose another file`);
  }
  if (fs.existsSync(destination)) {
    const what = fs.statSync(destination).isDirectory() ? 'a folder' : 'a file';
    throw new BackupError(
      `${destination} is already ${what}: give a new file name (an old backup is never overwritten)`,
    );
  }
  const folder = path.dirname(destination);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    throw new BackupError(`Folder ${folder} does not exist: create it first`);
  }
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw new BackupError(`Cannot write in folder ${folder}: check its permissions`);
  }
}

async function copyOnline(source: string, target: string, options: BackupOptions) {
  // Read-only and fileMustExist: a mistyped DATA_DIR must not leave an empty database behind.
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    let step = Math.max(1, options.firstStepPages ?? FIRST_STEP_PAGES);
    let lastRemaining = Number.POSITIVE_INFINITY;
    await db.backup(target, {
      progress(progress) {
        options.onProgress?.(progress);
        // A write by another connection (the running app) restarts the copy from page one. Steps
        // that keep losing the race double until one step copies the whole file, so a busy app
        // cannot keep the backup from finishing.
        if (progress.remainingPages >= lastRemaining) step = Math.min(step * 2, 0x7fffffff);
        lastRemaining = progress.remainingPages;
        return step;
      },
    });
  } finally {
    db.close();
  }
}

/** Checks the copy and returns its number of contracts; throws BackupError when it is damaged. */
function checkCopy(file: string): number {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    // The live file is in WAL mode, and so is a page-for-page copy. A rollback-journal copy stays
    // one self-contained file (no -wal/-shm appear beside it when opened); the app turns WAL back
    // on when it opens a restored copy.
    copy.pragma('journal_mode = DELETE');
    const problems = integrityProblems(copy);
    if (problems.length > 0) {
      throw new BackupError(
        `The copy failed SQLite's integrity check, so it was not kept:\n  ${problems
          .slice(0, 10)
          .join('\n  ')}\nThe live database may be damaged: run "PRAGMA integrity_check" on it.`,
      );
    }
    const row = copy.prepare('SELECT count(*) AS contracts FROM contracts').get() as {
      contracts: number;
    };
    return row.contracts;
  } finally {
    copy.close();
  }
}

/** What `PRAGMA integrity_check` finds; damage too bad to list makes the check itself fail. */
export function integrityProblems(db: SQLite.Database): string[] {
  let rows: { integrity_check: string }[];
  try {
    rows = db.pragma('integrity_check') as { integrity_check: string }[];
  } catch (error) {
    if (error instanceof SQLite.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(error.code)) {
      return [error.message];
    }
    throw error;
  }
  const messages = rows.map((row) => row.integrity_check);
  return messages.length === 1 && messages[0] === 'ok' ? [] : messages;
}

/** Gives the checked copy its final name, failing rather than replacing a file that appeared. */
function publishWithoutOverwriting(partial: string, destination: string) {
  try {
    // link() fails when the name is taken, atomically; rename() would silently replace it.
    fs.linkSync(partial, destination);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new BackupError(`${destination} appeared during the backup: give a new file name`);
    }
    // Some file systems (network shares, FAT) have no hard links: check, then rename.
    if (fs.existsSync(destination)) {
      throw new BackupError(`${destination} appeared during the backup: give a new file name`);
    }
    fs.renameSync(partial, destination);
  }
  syncFolder(path.dirname(destination));
}

/** Makes the new name itself durable; best effort, as not every platform can fsync a folder. */
export function syncFolder(folder: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot open a folder for fsync; the copy's own data is already synced by SQLite.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Copies the mail seal key (docs/decisions/017) beside the backup as `<file>.mail-seal.key`:
 * mails still queued when the copy was taken can only be sent with it. Readable by its owner
 * only, and never written over. Returns the copy's path, or null when there is no key yet.
 */
export function copyMailSealKey(dataDir: string, backupFile: string): string | null {
  const key = path.join(dataDir, MAIL_SEAL_KEY_FILE);
  if (!fs.existsSync(key)) return null;
  const target = `${backupFile}.${MAIL_SEAL_KEY_FILE}`;
  try {
    fs.copyFileSync(key, target, fs.constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${target} is already a file: give a new file name`);
    }
    throw error;
  }
  fs.chmodSync(target, 0o600);
  return target;
}
