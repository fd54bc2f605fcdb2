import type { DbOrTrx } from '../../db/kysely.js';
import { apiKeySecretMatches, parseApiKey } from './api-key-token.js';
import { sessionUserOf, type ValidatedSession } from './sessions.service.js';

/** last_used_at is written at most this often per key: a busy integration reads, not writes. */
const TOUCH_INTERVAL_MS = 60_000;
/** A key does not expire by itself; the session shape still wants an end. */
const FAR_FUTURE_MS = Date.UTC(9999, 0, 1);

/**
 * The account behind `Authorization: Bearer <key>`, or null for a malformed, unknown or revoked
 * key. It acts as the signed-in contractor, marked as coming through a key.
 */
export async function validateApiKey(
  db: DbOrTrx,
  value: string,
  now: Date,
): Promise<ValidatedSession | null> {
  const token = parseApiKey(value);
  if (!token) return null;
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by_user_id')
    .select([
      'api_keys.secret_hash',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.id as user_id',
      'users.email',
      'users.name',
      'users.company_id',
      'users.role',
    ])
    .where('api_keys.id', '=', token.id)
    // A removed person's keys are revoked with them; this holds should one slip through.
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || !apiKeySecretMatches(token.secret, row.secret_hash)) {
    return null;
  }
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', token.id)
      .execute();
  }
  return {
    sessionId: `api-key:${token.id}`,
    user: sessionUserOf(row),
    expiresAtMs: FAR_FUTURE_MS,
    renewed: false,
    via: 'api_key',
    apiKeyId: token.id,
  };
}
