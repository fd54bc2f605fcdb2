import type { DbOrTrx } from '../../db/kysely.js';
import { createReadCache, databaseVersion } from '../../db/read-cache.js';
import { storedUserAgent, type RequestClient } from '../../lib/request-client.js';
import { companyIdOf, type TeamRole } from '../../domain/team.js';
import type { SessionUser, ValidatedSession } from '../../ports/session.js';
import {
  generateSessionToken,
  hashSessionSecret,
  parseSessionToken,
  sessionSecretMatches,
} from './session-token.js';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions.repo.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A session ends after a week without use, and in any case 30 days after sign-in. */
export const SESSION_INACTIVITY_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** Writing last_used_at on every request would make every read a write; an hour is precise enough. */
const TOUCH_INTERVAL_MS = HOUR_MS;

export type { SessionUser, ValidatedSession } from '../../ports/session.js';

/**
 * A new session for the account, remembering the address and browser it was signed in from (the
 * sessions list shows them); `client` is null when no browser asked (a command line).
 */
export async function createSession(
  db: DbOrTrx,
  userId: number,
  client: RequestClient | null,
  nowMs = Date.now(),
) {
  const token = generateSessionToken();
  await insertSession(db, {
    id: token.id,
    userId,
    secretHash: hashSessionSecret(token.secret),
    nowMs,
    ip: client?.ip ?? null,
    userAgent: client ? storedUserAgent(client.userAgent) : null,
  });
  return { token: token.value, sessionId: token.id, expiresAtMs: nowMs + SESSION_INACTIVITY_MS };
}

/** The person a session or a key acts as, from their `users` row. */
export function sessionUserOf(row: {
  user_id: number;
  email: string;
  name: string | null;
  company_id: number;
  role: TeamRole;
}): SessionUser {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name,
    companyId: companyIdOf(row.company_id),
    role: row.role,
  };
}

/**
 * Sessions as the database held them at a version (src/db/read-cache.ts): any write, a sign-out
 * or a revocation included, makes every entry a miss, so a session is never taken from here once
 * it has ended. What it saves is the session's own query on every request of an unchanged
 * database: the version the request reads anyway serves its cached reads too (issue 33).
 */
const cachedSessions = createReadCache<Awaited<ReturnType<typeof findSessionWithUser>>>({
  maxWeight: 10_000,
  weigh: () => 1,
});

/**
 * Checks a cookie value; deletes the session when it has expired. The answer carries the
 * database's version read for the check, for the request's cached reads.
 */
export async function validateSessionToken(
  db: DbOrTrx,
  cookieValue: string | undefined,
  nowMs = Date.now(),
): Promise<ValidatedSession | null> {
  const token = parseSessionToken(cookieValue);
  if (!token) return null;
  const version = await databaseVersion(db);
  const row = await cachedSessions(db, token.id, () => findSessionWithUser(db, token.id), version);
  if (!row || !sessionSecretMatches(token.secret, row.secret_hash)) return null;

  const absoluteEnd = row.created_at_ms + SESSION_ABSOLUTE_MS;
  if (nowMs >= absoluteEnd || nowMs >= row.last_used_at_ms + SESSION_INACTIVITY_MS) {
    await deleteSession(db, row.id);
    return null;
  }
  let lastUsed = row.last_used_at_ms;
  const renewed = nowMs - lastUsed >= TOUCH_INTERVAL_MS;
  if (renewed) {
    await touchSession(db, row.id, nowMs);
    lastUsed = nowMs;
  }
  return {
    sessionId: row.id,
    user: sessionUserOf(row),
    expiresAtMs: Math.min(absoluteEnd, lastUsed + SESSION_INACTIVITY_MS),
    renewed,
    via: 'cookie',
    ...(version === undefined ? {} : { databaseVersion: version }),
  };
}

/** Ends a session; true when it still existed. */
export async function invalidateSession(db: DbOrTrx, sessionId: string): Promise<boolean> {
  return deleteSession(db, sessionId);
}

export async function pruneExpiredSessions(db: DbOrTrx, nowMs = Date.now()): Promise<number> {
  return deleteExpiredSessions(db, {
    createdBeforeMs: nowMs - SESSION_ABSOLUTE_MS,
    unusedSinceMs: nowMs - SESSION_INACTIVITY_MS,
  });
}
