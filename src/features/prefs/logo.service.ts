import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { detectLogoType, LOGO_MAX_BYTES } from '../../domain/logo.js';
import { AppError } from '../../lib/app-error.js';
import { deleteLogosOfUser, findLogo, insertLogo } from './logo.repo.js';
import { upsertPrefs } from './prefs.repo.js';

export const LOGO_URL_PREFIX = '/uploads/logos/';
const extensionOf = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * Stores a logo as a BLOB under a new random name (docs/decisions/007). The type comes from
 * the bytes; the previous logo is removed in the same transaction. Returns the logo's URL path.
 */
export async function saveLogo(db: DB, userId: number, bytes: Uint8Array): Promise<string> {
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'File too large: the logo must be at most 2 MB');
  }
  const contentType = detectLogoType(bytes);
  if (!contentType) {
    throw new AppError('BAD_REQUEST', 'Invalid file type: upload a PNG or JPEG image');
  }
  const id = `${encodeBase32LowerCaseNoPadding(randomBytes(15))}.${extensionOf[contentType]}`;
  const now = new Date().toISOString();
  const logoPath = `${LOGO_URL_PREFIX}${id}`;
  await db.transaction().execute(async (trx) => {
    await deleteLogosOfUser(trx, userId);
    await insertLogo(trx, { id, userId, contentType, bytes, now });
    await upsertPrefs(trx, userId, { logo_path: logoPath }, now);
  });
  return logoPath;
}

export async function removeLogo(db: DB, userId: number): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await deleteLogosOfUser(trx, userId);
    await upsertPrefs(trx, userId, { logo_path: null }, now);
  });
}

/** Public on purpose: the logo shows on the client's signing page. Names are unguessable. */
export async function readLogo(db: DbOrTrx, fileName: string) {
  if (!/^[a-z2-7]{24}\.(png|jpg)$/.test(fileName)) return undefined;
  return findLogo(db, fileName);
}
