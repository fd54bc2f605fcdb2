import { createHash, randomBytes } from 'node:crypto';

/**
 * An account link's token: 32 random bytes (256 bits) as base64url, 43 characters that fit a URL
 * path. Only its SHA-256 is stored (docs/decisions/041), so a copy of the database cannot be
 * turned back into working links.
 */
export function generateAccountToken(): string {
  return randomBytes(32).toString('base64url');
}

const accountTokenShape = /^[A-Za-z0-9_-]{43}$/;

/** A malformed token is refused before any lookup: it cannot be one we issued. */
export function isAccountTokenShaped(value: string): boolean {
  return accountTokenShape.test(value);
}

export function hashAccountToken(token: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(token).digest());
}
