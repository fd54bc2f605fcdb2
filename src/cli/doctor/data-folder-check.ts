import { randomBytes } from 'node:crypto';
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAIL_SEAL_KEY_FILE, parseMailSealKey } from '../../features/mail/body-seal.js';
import { appRoot, isBundled } from '../../lib/app-files.js';
import { findExposedEntries, listEntries } from '../../lib/private-files.js';
import { fail, fileReasonOf, ok, warn, type Finding } from './finding.js';

/**
 * DATA_DIR holds app.db (SQLite), the mail drop and mail-seal.key, so it matters on either
 * database. Every check runs as the current user, which is only meaningful when that is the user
 * the service runs as: each line names it.
 */
export async function checkDataFolder(
  config: { DATA_DIR: string; MAIL_SEAL_KEY?: string | undefined },
  user: string,
): Promise<Finding[]> {
  const dir = path.resolve(config.DATA_DIR);
  const folder = await checkFolder(dir, user);
  if (folder.level !== 'ok') return [folder];
  const findings = [
    folder,
    await checkSealKey(dir, Boolean(config.MAIL_SEAL_KEY), user),
    checkPrivacy(dir, user),
  ];
  const inside = insideRelease(dir);
  return inside ? [...findings, inside] : findings;
}

/**
 * An upgrade unpacks a new release folder beside the old one (README, "Upgrade"): data kept
 * inside the old one would be left behind, or deleted with it.
 */
function insideRelease(dir: string): Finding | null {
  if (!isBundled) return null;
  const release = path.dirname(appRoot);
  if (!`${dir}${path.sep}`.startsWith(`${release}${path.sep}`)) return null;
  return warn(
    `Data folder ${dir} is inside this release's folder ${release}, which an upgrade replaces`,
    'set DATA_DIR to a folder of its own, e.g. /var/lib/tradesign (README, "Install on a server"), and move app.db and mail-seal.key there while the app is stopped',
  );
}

async function checkFolder(dir: string, user: string): Promise<Finding> {
  const found = await stat(dir).catch((error: NodeJS.ErrnoException) => error);
  if (found instanceof Error && found.code === 'ENOENT') return checkCreatable(dir, user);
  if (found instanceof Error) {
    return fail(
      `Data folder ${dir} cannot be looked at by user ${user}: ${fileReasonOf(found)}`,
      `sudo chown -R ${user}: ${dir} (or run this check as the user TradeSign runs as)`,
    );
  }
  if (!found.isDirectory()) {
    return fail(
      `DATA_DIR ${dir} is a file, not a folder`,
      'move that file away, or set DATA_DIR to a folder (./data by default)',
    );
  }
  const written = await tryWriting(dir);
  if (written !== true) {
    return fail(
      `Data folder ${dir} is not writable by user ${user}: ${written}`,
      `sudo chown -R ${user}: ${dir} (or run this check as the user TradeSign runs as)`,
    );
  }
  return ok(`Data folder ${dir} is writable by user ${user}`);
}

/** A missing folder is fine when the first start can make it (mkdir -p). */
async function checkCreatable(dir: string, user: string): Promise<Finding> {
  let parent = path.dirname(dir);
  while (parent !== path.dirname(parent) && !(await isDirectory(parent))) {
    parent = path.dirname(parent);
  }
  const written = await tryWriting(parent);
  if (written !== true) {
    return fail(
      `Data folder ${dir} does not exist, and user ${user} cannot create it in ${parent}: ${written}`,
      `sudo mkdir -p ${dir} && sudo chown ${user}: ${dir}, or set DATA_DIR to a folder user ${user} can write`,
    );
  }
  return ok(`Data folder ${dir} does not exist yet; the first start creates it (user ${user} can)`);
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (found) => found.isDirectory(),
    () => false,
  );
}

/** Writes and removes a file: access(W_OK) says yes to root even on a folder it cannot use. */
async function tryWriting(dir: string): Promise<true | string> {
  const probe = path.join(dir, `.tradesign-doctor-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, '', { flag: 'wx' });
    await unlink(probe);
    return true;
  } catch (error) {
    return fileReasonOf(error);
  }
}

/** Reports, never changes: `tradesign start` (and every other command) makes them private. */
function checkPrivacy(dir: string, user: string): Finding {
  const exposed = findExposedEntries(dir);
  if (exposed.length === 0) {
    return ok(`Data folder ${dir} and everything in it can be read by user ${user} only`);
  }
  return warn(
    `In ${dir}, other users of this machine can read ${listEntries(dir, exposed)}: the database holds the PDF sealing key, queued mails hold signing links`,
    `tradesign start makes them private (or: chmod -R go-rwx ${dir})`,
  );
}

async function checkSealKey(dir: string, keyFromEnvironment: boolean, user: string) {
  const file = path.join(dir, MAIL_SEAL_KEY_FILE);
  const found = await stat(file).catch(() => undefined);
  if (!found) {
    return ok(
      keyFromEnvironment
        ? 'Queued mail is sealed with MAIL_SEAL_KEY from the environment'
        : `No ${MAIL_SEAL_KEY_FILE} yet; the first start makes one that only user ${user} can read`,
    );
  }
  const text = await readFile(file, 'utf8').catch((error: unknown) => error);
  if (typeof text !== 'string') {
    return fail(
      `${file} cannot be read by user ${user}: ${fileReasonOf(text)}`,
      `sudo chown ${user}: ${file} && sudo chmod 600 ${file}`,
    );
  }
  if (!keyFromEnvironment && !parseMailSealKey(text)) {
    return fail(
      `${file} is not a TradeSign mail key (32 bytes in base64), so the app will not start`,
      'restore the mail-seal.key that was backed up with the database (README, "Backup and restore")',
    );
  }
  const mode = found.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    return warn(
      `${file} can be read by other users of this machine (mode ${mode.toString(8)}), and it unlocks queued mail`,
      `chmod 600 ${file}`,
    );
  }
  return ok(`${MAIL_SEAL_KEY_FILE} is readable by its owner only`);
}
