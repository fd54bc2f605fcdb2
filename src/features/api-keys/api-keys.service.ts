import { inCompanyLock } from '../../db/account-lock.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { ApiKeySummary, CreatedApiKey } from '../../domain/api-keys.schemas.js';
import { displayName } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import { requireOwner } from '../sessions/owner-only.js';
import type { ValidatedSession } from '../sessions/sessions.service.js';
import { stopEndpointsOfKey } from '../webhooks/endpoints-of-keys.js';
import { apiKeyPrefix, generateApiKey, hashApiKeySecret } from '../sessions/api-key-token.js';

/** Enough for every tool a contractor connects; a runaway script cannot mint thousands. */
export const MAX_ACTIVE_KEYS = 20;

const summary = (row: {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  maker_id: number;
  maker_name: string | null;
  maker_email: string;
}): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: apiKeyPrefix(row.id),
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  created_by: {
    id: row.maker_id,
    name: displayName({ name: row.maker_name, email: row.maker_email }),
  },
});

/** The company's keys in use, newest first: never the keys themselves. Owners only. */
export async function listApiKeys(db: DbOrTrx, user: SessionUser): Promise<ApiKeySummary[]> {
  await requireOwner(db, user, 'apiKeys');
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by_user_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.created_at',
      'api_keys.last_used_at',
      'users.id as maker_id',
      'users.name as maker_name',
      'users.email as maker_email',
    ])
    .where('api_keys.company_id', '=', user.companyId)
    .where('api_keys.revoked_at', 'is', null)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id')
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
  const maker = { maker_id: user.id, maker_name: user.name, maker_email: user.email };
  return { ...summary({ ...row, last_used_at: null, ...maker }), key: token.value };
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
 * Keys are made and revoked by a person signed in, never by another key; so are the account's
 * own security settings (issue 34), each refusal saying where the person does it instead.
 */
export function requireSignedInPerson(
  session: ValidatedSession,
  refusal = 'API keys are managed in Settings → API by a signed-in person, not with a key',
): void {
  if (session.via === 'api_key') throw new AppError('FORBIDDEN', refusal);
}
