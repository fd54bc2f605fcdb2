import { inCompanyLock } from '../../db/account-lock.js';
import type { DB } from '../../db/kysely.js';
import { displayName } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { SessionUser, ValidatedSession } from '../../ports/session.js';
import { generateAccountToken, hashAccountToken } from '../account-tokens/account-token.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderTeamInviteMail } from '../mail/templates/index.js';
import { enforceRateLimits } from '../rate-limit/rate-limit.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { requireOwner } from '../sessions/owner-only.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { companyNameOf, listMembers, listPendingInvites } from './team.repo.js';
import type { InviteInput, TeamAnswer, TeamInviteSummary } from './team.schemas.js';
import type { TeamDeps } from './team-deps.js';

const HOUR_MS = 60 * 60 * 1000;
export const INVITE_DAYS = 7;
const INVITE_TTL_MS = INVITE_DAYS * 24 * HOUR_MS;
/** Enough for an office hiring a crew in a morning; not enough to use TradeSign as a mailer. */
export const INVITES_PER_HOUR = 20;

export const TEAM_NEEDS_A_PERSON =
  'The team is managed in Settings → Team by a person signed in, not with an API key';

/** Owner-only team changes are a person's, never a key's: the key could not be asked who it is. */
export async function requireTeamManager(db: DB, session: ValidatedSession): Promise<void> {
  requireSignedInPerson(session, TEAM_NEEDS_A_PERSON);
  await requireOwner(db, session.user, 'team');
}

/** `GET /api/team`: anyone of the company (a key too) sees its people and pending invitations. */
export async function getTeam(db: DB, user: SessionUser, now: Date): Promise<TeamAnswer> {
  return {
    members: await listMembers(db, user.companyId),
    invites: await listPendingInvites(db, user.companyId, now),
  };
}

/**
 * Mails an invitation with a link that works once, for 7 days; only its SHA-256 is kept. Inviting
 * the same email again cancels the older invitation, so one link is live per person. The
 * invitation, its mail and the log line commit together, under the company's lock.
 */
export async function invite(
  deps: TeamDeps,
  session: ValidatedSession,
  input: InviteInput,
  client: RequestClient,
): Promise<TeamInviteSummary> {
  const { db } = deps;
  const { user } = session;
  await requireTeamManager(db, session);
  await enforceRateLimits(
    db,
    [
      {
        key: `team-invite:company:${user.companyId}`,
        rule: { limit: INVITES_PER_HOUR, windowMs: HOUR_MS },
      },
    ],
    deps.clock(),
    `A company can send ${INVITES_PER_HOUR} invitations an hour at most. Please try again later.`,
  );
  const now = deps.clock();
  const at = now.toISOString();
  return inCompanyLock(db, user.companyId, async (trx) => {
    const member = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .where('company_id', '=', user.companyId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (member) throw new AppError('CONFLICT', `${input.email} is already in your team.`);
    const replaced = await trx
      .updateTable('team_invites')
      .set({ canceled_at: at })
      .where('company_id', '=', user.companyId)
      .where('email', '=', input.email)
      .where('accepted_at', 'is', null)
      .where('canceled_at', 'is', null)
      .executeTakeFirst();
    const token = generateAccountToken();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS).toISOString();
    const row = await trx
      .insertInto('team_invites')
      .values({
        company_id: user.companyId,
        email: input.email,
        role: input.role,
        token_hash: hashAccountToken(token),
        invited_by_user_id: user.id,
        created_at: at,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inviter = await trx
      .selectFrom('users')
      .select('language')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const prefs = await trx
      .selectFrom('preferences')
      .select('time_zone')
      .where('company_id', '=', user.companyId)
      .executeTakeFirst();
    const companyName = await companyNameOf(trx, user.companyId);
    const invitedBy = displayName(user);
    const mail = renderTeamInviteMail({
      inviter: invitedBy,
      companyName,
      role: input.role,
      link: `${deps.config.PUBLIC_URL}/join/${token}`,
      days: INVITE_DAYS,
      expiresAt,
      language: inviter.language,
      timeZone: prefs?.time_zone ?? null,
    });
    await enqueueMail(trx, deps.mailSealer, { kind: 'team_invite', to: input.email, ...mail });
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'team_invite_sent',
      client,
      details: {
        email: input.email,
        role: input.role,
        replaced_older: Number(replaced.numUpdatedRows) > 0,
      },
      at: now,
    });
    return {
      id: row.id,
      email: input.email,
      role: input.role,
      invited_by: invitedBy,
      created_at: at,
      expires_at: expiresAt,
    };
  });
}

/** Cancels a pending invitation: its link stops working. Another company's is a 404. */
export async function cancelInvite(
  deps: TeamDeps,
  session: ValidatedSession,
  inviteId: number,
  client: RequestClient,
): Promise<void> {
  const { db } = deps;
  const { user } = session;
  await requireTeamManager(db, session);
  const now = deps.clock();
  await db.transaction().execute(async (trx) => {
    const canceled = await trx
      .updateTable('team_invites')
      .set({ canceled_at: now.toISOString() })
      .where('id', '=', inviteId)
      .where('company_id', '=', user.companyId)
      .where('accepted_at', 'is', null)
      .where('canceled_at', 'is', null)
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!canceled) throw new AppError('NOT_FOUND', 'Invitation not found');
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'team_invite_canceled',
      client,
      details: { email: canceled.email, role: canceled.role },
      at: now,
    });
  });
}
