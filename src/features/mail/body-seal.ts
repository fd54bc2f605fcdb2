import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_SEAL_KEY_FILE } from '../../lib/data-folder.js';
import type { MailSealer } from '../../ports/mail-sealer.js';

export { MAIL_SEAL_KEY_FILE } from '../../lib/data-folder.js';
export type { MailSealer } from '../../ports/mail-sealer.js';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class MailBodySealError extends Error {
  constructor() {
    super(
      `The queued mail cannot be opened with ${MAIL_SEAL_KEY_FILE}: restore the key file that was backed up with the database`,
    );
    this.name = 'MailBodySealError';
  }
}

export function createMailSealer(key: Buffer): MailSealer {
  if (key.length !== 32) throw new Error('The mail seal key must be 32 bytes');
  const fingerprint = createHash('sha256')
    .update('tradesign mail seal key fingerprint\0')
    .update(key)
    .digest('hex')
    .slice(0, 16);
  return {
    fingerprint,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new MailBodySealError();
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const body = bytes.subarray(IV_BYTES + TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new MailBodySealError();
      }
    },
  };
}

/** A key as MAIL_SEAL_KEY or the key file holds it: 32 bytes in base64. */
export function parseMailSealKey(text: string): Buffer | undefined {
  const key = Buffer.from(text.trim(), 'base64');
  return key.length === 32 ? key : undefined;
}

/**
 * The app's sealer: MAIL_SEAL_KEY when set (several instances share one key from their
 * environment), else the data folder's key file.
 */
export function mailSealerFor(config: { DATA_DIR: string; MAIL_SEAL_KEY?: string | undefined }) {
  const fromEnvironment = config.MAIL_SEAL_KEY ? parseMailSealKey(config.MAIL_SEAL_KEY) : undefined;
  return fromEnvironment
    ? createMailSealer(fromEnvironment)
    : mailSealerForDataDir(config.DATA_DIR);
}

/**
 * The sealer of a data folder: its key is read from DATA_DIR, or made on first start (readable
 * by the app's user only). Never written over: a new key would orphan the mails still queued.
 */
export function mailSealerForDataDir(dataDir: string): MailSealer {
  const file = path.join(dataDir, MAIL_SEAL_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseMailSealKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new Error(`${file} is not a TradeSign mail key (expected 32 base64 bytes)`);
  }
  return createMailSealer(key);
}
