import { displayName } from '../../domain/team.js';
import type { SessionUser } from '../../ports/session.js';
import type { DbOrTrx } from '../../db/kysely.js';
import {
  SECURITY_LOG_PAGE_SIZE,
  securityEventDetailsSchema,
  type SecurityEvent,
  type SecurityEventDetails,
  type SecurityEventType,
  type SecurityLogPage,
  TEAM_SECURITY_EVENT_TYPES,
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

/**
 * The person's own log, newest first, a page at a time: lines older than `before`. An owner's
 * also holds the company's team lines (invitations, joins, roles, removals) whoever of the team
 * acted, each naming who (docs/decisions/045).
 */
export async function listSecurityEvents(
  db: DbOrTrx,
  user: SessionUser,
  before: number | null | undefined,
): Promise<SecurityLogPage> {
  let query = db
    .selectFrom('security_events')
    .innerJoin('users', 'users.id', 'security_events.user_id')
    .select([
      'security_events.id',
      'security_events.type',
      'security_events.at',
      'security_events.ip',
      'security_events.user_agent',
      'security_events.details',
      'security_events.user_id',
      'users.name',
      'users.email',
    ])
    .where((eb) =>
      user.role === 'owner'
        ? eb.or([
            eb('security_events.user_id', '=', user.id),
            eb.and([
              eb('security_events.type', 'in', TEAM_SECURITY_EVENT_TYPES),
              eb('users.company_id', '=', user.companyId),
            ]),
          ])
        : eb('security_events.user_id', '=', user.id),
    )
    .orderBy('security_events.id', 'desc')
    // One more than a page tells whether there is an older page.
    .limit(SECURITY_LOG_PAGE_SIZE + 1);
  if (before) query = query.where('security_events.id', '<', before);
  const rows = await query.execute();
  const page = rows.slice(0, SECURITY_LOG_PAGE_SIZE);
  const events = page.map((row): SecurityEvent => ({
    id: row.id,
    type: row.type,
    at: row.at,
    ip: row.ip,
    device: describeDevice(row.user_agent),
    details: detailsOf(row.details),
    by: row.user_id === user.id ? null : displayName(row),
  }));
  const older = rows.length > SECURITY_LOG_PAGE_SIZE ? page.at(-1)?.id : undefined;
  return { events, next_before: older ?? null };
}
