import type { DB } from '../../db/kysely.js';
import type { SessionSummary } from '../../domain/sessions.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { describeDevice } from '../../lib/device.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { ValidatedSession } from '../../ports/session.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import {
  deleteSessionOfAccount,
  deleteSessionsOfAccount,
  findSessionOfAccount,
  listSessionsOfAccount,
} from './account-sessions.repo.js';
import { SESSION_ABSOLUTE_MS, SESSION_INACTIVITY_MS } from '../sessions/sessions.service.js';

/** An API key acts for integrations, not for the person: it may not see or end their sessions. */
export const SESSIONS_NEED_A_PERSON =
  'Signed-in devices are managed in Settings → Security by a person signed in, not with an API key';
export const SESSION_NOT_FOUND = 'Session not found: it may have been signed out already';
export const CANNOT_REVOKE_CURRENT =
  'This is the device you are using. To sign it out, use Log Out.';

/**
 * The account's signed-in devices, most recently used first, this one marked `current`.
 * Sessions past either limit are left out: they end at their next use or the hourly prune.
 */
export async function listAccountSessions(
  db: DB,
  session: ValidatedSession,
  nowMs = Date.now(),
): Promise<SessionSummary[]> {
  requireSignedInPerson(session, SESSIONS_NEED_A_PERSON);
  const rows = await listSessionsOfAccount(db, session.user.id, {
    createdAfterMs: nowMs - SESSION_ABSOLUTE_MS,
    usedAfterMs: nowMs - SESSION_INACTIVITY_MS,
  });
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.user_agent),
    address: row.ip,
    created_at: new Date(row.created_at_ms).toISOString(),
    last_seen_at: new Date(row.last_used_at_ms).toISOString(),
    current: row.id === session.sessionId,
  }));
}

/**
 * Signs one of the account's other devices out; its next request is refused. Another account's
 * session is "not found", as if it did not exist; this device signs out with Log Out.
 */
export async function revokeSession(
  db: DB,
  session: ValidatedSession,
  sessionId: string,
  client: RequestClient,
  now = new Date(),
): Promise<void> {
  requireSignedInPerson(session, SESSIONS_NEED_A_PERSON);
  if (sessionId === session.sessionId) throw new AppError('BAD_REQUEST', CANNOT_REVOKE_CURRENT);
  const userId = session.user.id;
  await db.transaction().execute(async (trx) => {
    const target = await findSessionOfAccount(trx, userId, sessionId);
    if (!target || !(await deleteSessionOfAccount(trx, userId, sessionId))) {
      throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
    }
    await recordSecurityEvent(trx, {
      userId,
      type: 'session_revoked',
      client,
      details: { device: describeDevice(target.user_agent), address: target.ip },
      at: now,
    });
  });
}

/** Signs out every device of the account but this one; returns how many. */
export async function revokeOtherSessions(
  db: DB,
  session: ValidatedSession,
  client: RequestClient,
  now = new Date(),
): Promise<number> {
  requireSignedInPerson(session, SESSIONS_NEED_A_PERSON);
  const userId = session.user.id;
  return db.transaction().execute(async (trx) => {
    const signedOut = await deleteSessionsOfAccount(trx, userId, session.sessionId);
    // Nothing signed out is nothing to record: the log says what happened.
    if (signedOut > 0) {
      await recordSecurityEvent(trx, {
        userId,
        type: 'other_sessions_revoked',
        client,
        details: { signed_out_sessions: signedOut },
        at: now,
      });
    }
    return signedOut;
  });
}
