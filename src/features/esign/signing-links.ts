import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/kysely.js';

/** SHA-256 (hex) of a signing token: the only form in which a token is stored. */
export function hashSigningToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 32 random bytes, base64url (43 characters); anything else is not looked up. */
export const signingTokenShape = /^[A-Za-z0-9_-]{43}$/;

/** A new link for a contract (docs/decisions/009). Returns the token once, to be emailed. */
export async function createSigningLink(
  trx: DbOrTrx,
  contractId: number,
  validDays: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + validDays * 24 * 60 * 60 * 1000).toISOString();
  await trx
    .insertInto('signing_links')
    .values({
      contract_id: contractId,
      token_sha256: hashSigningToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

export async function findSigningLink(db: DbOrTrx, token: string) {
  if (!signingTokenShape.test(token)) return undefined;
  return db
    .selectFrom('signing_links')
    .select(['id', 'contract_id', 'expires_at', 'revoked_at'])
    .where('token_sha256', '=', hashSigningToken(token))
    .executeTakeFirst();
}
