import type { DbOrTrx } from '../../db/kysely.js';

/** The account's sessions still within both limits, most recently used first. */
export async function listSessionsOfAccount(
  db: DbOrTrx,
  userId: number,
  limits: { createdAfterMs: number; usedAfterMs: number },
) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at_ms', 'last_used_at_ms', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('created_at_ms', '>', limits.createdAfterMs)
    .where('last_used_at_ms', '>', limits.usedAfterMs)
    .orderBy('last_used_at_ms', 'desc')
    .orderBy('created_at_ms', 'desc')
    .execute();
}

/** One of the account's sessions: another account's is not found (owner scoping). */
export async function findSessionOfAccount(db: DbOrTrx, userId: number, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/** Deletes one of the account's sessions; true when it was there. */
export async function deleteSessionOfAccount(
  db: DbOrTrx,
  userId: number,
  sessionId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Signs the account out everywhere, or everywhere but `keepSessionId` (the device asking).
 * Returns how many sessions ended. A deleted session's cookie is refused at its next request.
 */
export async function deleteSessionsOfAccount(
  db: DbOrTrx,
  userId: number,
  keepSessionId: string | null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
