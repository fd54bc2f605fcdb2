import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';

export async function insertSession(
  db: DbOrTrx,
  session: {
    id: string;
    userId: number;
    secretHash: Uint8Array;
    nowMs: number;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      secret_hash: session.secretHash,
      created_at_ms: session.nowMs,
      last_used_at_ms: session.nowMs,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

/** Every signed-in request runs this, so it is built once (src/db/prepared-query.ts). */
const sessionWithUser = preparedQuery((db, params: { sessionId: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.secret_hash',
      'sessions.created_at_ms',
      'sessions.last_used_at_ms',
      'users.id as user_id',
      'users.email',
      'users.name',
      'users.company_id',
      'users.role',
    ])
    .where('sessions.id', '=', params.sessionId)
    // Removal deletes a person's sessions; this holds should one be written in the same instant.
    .where('users.removed_at', 'is', null),
);

export async function findSessionWithUser(db: DbOrTrx, sessionId: string) {
  const [row] = await sessionWithUser(db, { sessionId });
  return row;
}

export async function touchSession(db: DbOrTrx, sessionId: string, nowMs: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at_ms: nowMs })
    .where('id', '=', sessionId)
    .execute();
}

/** True when there was such a session to delete. */
export async function deleteSession(db: DbOrTrx, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes sessions past either limit; run periodically so the table does not grow forever. */
export async function deleteExpiredSessions(
  db: DbOrTrx,
  limits: { createdBeforeMs: number; unusedSinceMs: number },
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('created_at_ms', '<', limits.createdBeforeMs),
        eb('last_used_at_ms', '<', limits.unusedSinceMs),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
