import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/**
 * Session tokens after Lucia's successor design (docs/decisions/001-sessions-without-lucia.md):
 * "<id>.<secret>", where the id looks the row up and only SHA-256(secret) is stored, so a leaked
 * database cannot be replayed as cookies.
 */
export interface SessionToken {
  id: string;
  secret: string;
  /** The cookie value. */
  value: string;
}

export function generateSessionToken(): SessionToken {
  // 10 bytes = 80 bits for the lookup id; 32 bytes = 256 bits of secret.
  const id = encodeBase32LowerCaseNoPadding(randomBytes(10));
  const secret = encodeBase32LowerCaseNoPadding(randomBytes(32));
  return { id, secret, value: `${id}.${secret}` };
}

const tokenShape = /^([a-z2-7]{16})\.([a-z2-7]{52})$/;

/** Splits a cookie value; anything malformed is null (never a database lookup). */
export function parseSessionToken(value: string | undefined): SessionToken | null {
  const match = value ? tokenShape.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return { id: match[1], secret: match[2], value: match[0] };
}

export function hashSessionSecret(secret: string): Uint8Array {
  // Node's native SHA-256: this runs on every signed-in request.
  return new Uint8Array(createHash('sha256').update(secret).digest());
}

export function sessionSecretMatches(secret: string, storedHash: Uint8Array): boolean {
  const hash = hashSessionSecret(secret);
  return storedHash.length === hash.length && timingSafeEqual(hash, storedHash);
}
