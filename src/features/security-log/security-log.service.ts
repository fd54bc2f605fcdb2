import type { DbOrTrx } from '../../db/kysely.js';
import {
  SECURITY_LOG_PAGE_SIZE,
  securityEventDetailsSchema,
  type SecurityEvent,
  type SecurityEventDetails,
  type SecurityEventType,
  type SecurityLogPage,
} from '../../domain/security-events.js';
import { describeDevice } from '../../lib/device.js';
import { storedUserAgent, type RequestClient } from '../../lib/request-client.js';

/** An API key acts for integrations, not for the person: it may not read their log. */
export const SECURITY_LOG_NEEDS_A_PERSON =
  'The security log is read in Settings → Security by a person signed in, not with an API key';

export interface SecurityEventInput {
  userId: number;
  type: SecurityEventType;
  /** The device that did it; null when the server acted on its own. */
  client: RequestClient | null;
  /** Facts worth reading later; never a token, a password or a code. */
  details?: SecurityEventDetails;
  at: Date;
}

/**
 * Appends a line to the account's security log. Call it with the transaction of the change it
 * records (docs/decisions/021), so the log holds what happened, no more and no less.
 */
export async function recordSecurityEvent(trx: DbOrTrx, event: SecurityEventInput): Promise<void> {
  await trx
    .insertInto('security_events')
    .values({
      user_id: event.userId,
      type: event.type,
      at: event.at.toISOString(),
      ip: event.client?.ip ?? null,
      user_agent: event.client ? storedUserAgent(event.client.userAgent) : null,
      details: event.details ? JSON.stringify(event.details) : null,
    })
    .execute();
}

function detailsOf(text: string | null): SecurityEventDetails | null {
  if (text === null) return null;
  const parsed = securityEventDetailsSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** The account's own log, newest first, a page at a time: lines older than `before`. */
export async function listSecurityEvents(
  db: DbOrTrx,
  userId: number,
  before: number | null | undefined,
): Promise<SecurityLogPage> {
  let query = db
    .selectFrom('security_events')
    .select(['id', 'type', 'at', 'ip', 'user_agent', 'details'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    // One more than a page tells whether there is an older page.
    .limit(SECURITY_LOG_PAGE_SIZE + 1);
  if (before) query = query.where('id', '<', before);
  const rows = await query.execute();
  const page = rows.slice(0, SECURITY_LOG_PAGE_SIZE);
  const events = page.map((row): SecurityEvent => ({
    id: row.id,
    type: row.type,
    at: row.at,
    ip: row.ip,
    device: describeDevice(row.user_agent),
    details: detailsOf(row.details),
  }));
  const older = rows.length > SECURITY_LOG_PAGE_SIZE ? page.at(-1)?.id : undefined;
  return { events, next_before: older ?? null };
}
