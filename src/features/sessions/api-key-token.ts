import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/**
 * API keys look like `tsk_<id>_<secret>`: the `tsk_` prefix makes a leaked key easy to spot (and
 * for secret scanners to find), the id finds the row, and only SHA-256 of the secret is stored,
 * as for sessions (docs/decisions/001, 024).
 */
const PREFIX = 'tsk_';
const keyShape = /^tsk_([a-z2-7]{16})_([a-z2-7]{52})$/;

export interface ApiKeyToken {
  id: string;
  secret: string;
  value: string;
}

export function generateApiKey(): ApiKeyToken {
  const id = encodeBase32LowerCaseNoPadding(randomBytes(10));
  const secret = encodeBase32LowerCaseNoPadding(randomBytes(32));
  return { id, secret, value: `${PREFIX}${id}_${secret}` };
}

/** A malformed key is null, and never reaches the database. */
export function parseApiKey(value: string): ApiKeyToken | null {
  const match = keyShape.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { id: match[1], secret: match[2], value };
}

/** What the list shows of a key: its prefix and the start of its id. */
export function apiKeyPrefix(id: string): string {
  return `${PREFIX}${id.slice(0, 8)}`;
}

/** SHA-256 of the secret, compared in constant time: the same scheme as session secrets. */
export { hashSessionSecret as hashApiKeySecret } from '../sessions/session-token.js';
export { sessionSecretMatches as apiKeySecretMatches } from '../sessions/session-token.js';
