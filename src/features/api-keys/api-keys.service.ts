import { inCompanyLock } from '../../db/account-lock.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { ApiKeySummary, CreatedApiKey } from '../../domain/api-keys.schemas.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { requireOwner } from '../sessions/owner-only.js';
import { sessionUserOf, type ValidatedSession } from '../sessions/sessions.service.js';
import { stopEndpointsOfKey } from '../webhooks/endpoints-of-keys.js';
import {
  apiKeyPrefix,
  apiKeySecretMatches,
  generateApiKey,
  hashApiKeySecret,
  parseApiKey,
} from './api-key-token.js';

/** Enough for every tool a contractor connects; a runaway script cannot mint thousands. */
export const MAX_ACTIVE_KEYS = 20;
/** last_used_at is written at most this often per key: a busy integration reads, not writes. */
const TOUCH_INTERVAL_MS = 60_000;
/** A key does not expire by itself; the session shape still wants an end. */
const FAR_FUTURE_MS = Date.UTC(9999, 0, 1);

const summary = (row: {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: apiKeyPrefix(row.id),
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});

/** The company's keys in use, newest first: never the keys themselves. Owners only. */
export async function listApiKeys(db: DbOrTrx, user: SessionUser): Promise<ApiKeySummary[]> {
  await requireOwner(db, user, 'apiKeys');
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('company_id', '=', user.companyId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(summary);
}

/**
 * A new key; the answer is the only place the key itself ever appears. The count and the insert
 * are one transaction under the company's lock, so requests racing cannot pass the cap.
 */
export async function createApiKey(
  db: DB,
  user: SessionUser,
  name: string,
  now: Date,
): Promise<CreatedApiKey> {
  await requireOwner(db, user, 'apiKeys');
  const token = generateApiKey();
  const row = {
    id: token.id,
    company_id: user.companyId,
    created_by_user_id: user.id,
    name,
    secret_hash: hashApiKeySecret(token.secret),
    created_at: now.toISOString(),
  };
  await inCompanyLock(db, user.companyId, async (trx) => {
    const active = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', user.companyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(active.count) >= MAX_ACTIVE_KEYS) {
      throw new AppError(
        'CONFLICT',
        `A company can have ${MAX_ACTIVE_KEYS} keys at most: revoke one you no longer use first`,
      );
    }
    await trx.insertInto('api_keys').values(row).execute();
  });
  return { ...summary({ ...row, last_used_at: null }), key: token.value };
}

/** Revokes one of the company's keys at once, with the webhooks it registered; another company's key is a 404. */
export async function revokeApiKey(db: DB, user: SessionUser, id: string, now: Date) {
  await requireOwner(db, user, 'apiKeys');
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('company_id', '=', user.companyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('NOT_FOUND', 'Key not found');
    // The webhooks the key registered stop with it.
    await stopEndpointsOfKey(trx, user.companyId, id, at);
  });
}

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

/**
 * Keys are made and revoked by a person signed in, never by another key; so are the account's
 * own security settings (issue 34), each refusal saying where the person does it instead.
 */
export function requireSignedInPerson(
  session: ValidatedSession,
  refusal = 'API keys are managed in Settings → API by a signed-in person, not with a key',
): void {
  if (session.via === 'api_key') throw new AppError('FORBIDDEN', refusal);
}
