import fs from 'node:fs';
import path from 'node:path';

/**
 * What the app writes is its user's alone: app.db holds the PDF sealing key and every session,
 * the queued mails in DATA_DIR/mail hold signing links, and a backup holds all of it. Under a
 * plain shell's umask (022) each of those would be readable by every user of the machine.
 */
const OTHERS = 0o077;

/** S_ISVTX: a shared folder's files can be removed only by their owners (/tmp). */
const STICKY_BIT = 0o1000;

/**
 * Every file and folder this process creates from now on is its owner's only, whatever the umask
 * it was started with: SQLite's app.db, -wal and -shm, backups, the mail drop. The command line
 * sets it first thing (src/cli/main.ts), so it holds for every command.
 */
export function createFilesPrivately(): void {
  process.umask(OTHERS);
}

export interface ExposedEntry {
  path: string;
  /** The permission bits, e.g. 0o644. */
  mode: number;
  isFolder: boolean;
}

/**
 * `dir` and everything under it that another user could read, write or enter. Links are not
 * followed, and a folder with the sticky bit (a shared one, like /tmp, set as DATA_DIR by
 * mistake) is left out with all it holds: its other files are not the app's.
 */
export function findExposedEntries(dir: string): ExposedEntry[] {
  const exposed: ExposedEntry[] = [];
  const pending = [path.resolve(dir)];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    const found = lstatOrNull(current);
    if (!found || found.isSymbolicLink()) continue;
    const isFolder = found.isDirectory();
    if (isFolder && (found.mode & STICKY_BIT) !== 0) continue;
    const mode = found.mode & 0o777;
    if ((mode & OTHERS) !== 0) exposed.push({ path: current, mode, isFolder });
    if (isFolder) {
      for (const name of readdirOrEmpty(current)) pending.push(path.join(current, name));
    }
  }
  return exposed.sort((a, b) => a.path.localeCompare(b.path));
}

export interface PrivacyRepair {
  /** Entries whose group and other permissions were taken away. */
  fixed: ExposedEntry[];
  /** Entries this user may not change (another user's file), with why. */
  failed: { entry: ExposedEntry; reason: string }[];
}

/**
 * Takes the group's and others' permissions off `dir` and everything under it (0755 becomes
 * 0700, 0644 becomes 0600): installs older than this kept their files readable by everyone.
 */
export function makePrivate(dir: string): PrivacyRepair {
  const repair: PrivacyRepair = { fixed: [], failed: [] };
  for (const entry of findExposedEntries(dir)) {
    try {
      fs.chmodSync(entry.path, entry.mode & ~OTHERS);
      repair.fixed.push(entry);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      repair.failed.push({ entry, reason: code === 'EPERM' ? 'not its owner' : String(code) });
    }
  }
  return repair;
}

/** `app.db (644)`, `mail/ (755)`: the name under `dir` (`dir` itself in full) and its mode. */
export function describeEntry(dir: string, entry: ExposedEntry): string {
  const name = path.relative(path.resolve(dir), entry.path) || entry.path;
  return `${name}${entry.isFolder ? '/' : ''} (${entry.mode.toString(8)})`;
}

function lstatOrNull(file: string): fs.Stats | null {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The first few entries in words, for a log line or a doctor's finding. */
export function listEntries(dir: string, entries: ExposedEntry[], shown = 6): string {
  const named = entries.slice(0, shown).map((entry) => describeEntry(dir, entry));
  const more = entries.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}
