import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { detectLogoType, LOGO_MAX_BYTES } from '../../domain/logo.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { requireOwner } from '../sessions/owner-only.js';
import { deleteLogosOfCompany, findLogo, insertLogo } from './logo.repo.js';
import { upsertPrefs } from './prefs.repo.js';

export const LOGO_URL_PREFIX = '/uploads/logos/';
const extensionOf = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * Stores a logo as a BLOB under a new random name (docs/decisions/007). The type comes from
 * the bytes; the previous logo is removed in the same transaction. Returns the logo's URL path.
 */
export async function saveLogo(db: DB, user: SessionUser, bytes: Uint8Array): Promise<string> {
  await requireOwner(db, user, 'branding');
  const { companyId } = user;
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
    await deleteLogosOfCompany(trx, companyId);
    await insertLogo(trx, { id, companyId, createdBy: user.id, contentType, bytes, now });
    await upsertPrefs(trx, companyId, { logo_path: logoPath }, now);
  });
  return logoPath;
}

export async function removeLogo(db: DB, companyId: CompanyId): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await deleteLogosOfCompany(trx, companyId);
    await upsertPrefs(trx, companyId, { logo_path: null }, now);
  });
}

/** Public on purpose: the logo shows on the client's signing page. Names are unguessable. */
export async function readLogo(db: DbOrTrx, fileName: string) {
  if (!/^[a-z2-7]{24}\.(png|jpg)$/.test(fileName)) return undefined;
  return findLogo(db, fileName);
}
