import { inCompanyLock } from '../../db/account-lock.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { displayName, type CompanyId, type TeamRole } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { ValidatedSession } from '../../ports/session.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { stopEndpointsOfKey } from '../webhooks/endpoints-of-keys.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { requireTeamManager } from './invites.service.js';
import { countOthers, deleteSessionsOf, findActiveMember, type ActiveMember } from './team.repo.js';
import type { TeamDeps } from './team-deps.js';

const MEMBER_NOT_FOUND = 'Person not found in your team';

function lastOwner(member: ActiveMember, what: 'demoted' | 'removed'): AppError {
  const who = displayName(member);
  return new AppError(
    'CONFLICT',
    what === 'demoted'
      ? `${who} is the company's only owner: make someone else an owner first.`
      : `${who} is the company's only owner and cannot leave it: make someone else an owner first.`,
  );
}

/** Changes a person's role; the company always keeps an owner. Another company's person is a 404. */
export async function changeRole(
  deps: TeamDeps,
  session: ValidatedSession,
  memberId: number,
  role: TeamRole,
  client: RequestClient,
): Promise<void> {
  const { db } = deps;
  const { user } = session;
  await requireTeamManager(db, session);
  const now = deps.clock();
  await inCompanyLock(db, user.companyId, async (trx) => {
    const member = await findActiveMember(trx, user.companyId, memberId);
    if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    if (member.role === role) return;
    if (member.role === 'owner' && !(await hasAnotherOwner(trx, user.companyId, member.id))) {
      throw lastOwner(member, 'demoted');
    }
    await trx.updateTable('users').set({ role }).where('id', '=', member.id).execute();
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'team_role_changed',
      client,
      details: { email: member.email, role, previous_role: member.role },
      at: now,
    });
  });
}

/**
 * Removes a person from the company, in one transaction: they cannot sign in, every session of
 * theirs ends (their open browser is signed out at its next request), and the API keys they made
 * are revoked with the webhooks those keys registered. Their contracts stay with the company.
 */
export async function removeMember(
  deps: TeamDeps,
  session: ValidatedSession,
  memberId: number,
  client: RequestClient,
): Promise<void> {
  const { db } = deps;
  const { user } = session;
  await requireTeamManager(db, session);
  const now = deps.clock();
  const at = now.toISOString();
  await inCompanyLock(db, user.companyId, async (trx) => {
    const member = await findActiveMember(trx, user.companyId, memberId);
    if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    if (member.role === 'owner' && !(await hasAnotherOwner(trx, user.companyId, member.id))) {
      throw lastOwner(member, 'removed');
    }
    await trx.updateTable('users').set({ removed_at: at }).where('id', '=', member.id).execute();
    await deleteSessionsOf(trx, member.id);
    const keys = await revokeKeysOf(trx, user.companyId, member.id, at);
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'team_member_removed',
      client,
      details: { email: member.email, role: member.role, api_keys_revoked: keys },
      at: now,
    });
  });
}

async function hasAnotherOwner(trx: DbOrTrx, companyId: CompanyId, userId: number) {
  return (await countOthers(trx, companyId, userId, 'owner')) > 0;
}

/** Revokes the keys a person made for the company, with their webhooks; how many. */
export async function revokeKeysOf(
  trx: DbOrTrx,
  companyId: CompanyId,
  userId: number,
  at: string,
): Promise<number> {
  const revoked = await trx
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('company_id', '=', companyId)
    .where('created_by_user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  for (const key of revoked) await stopEndpointsOfKey(trx, companyId, key.id, at);
  return revoked.length;
}

/**
 * The signed-in person's own name, as the team list, the contract cards ("Sent by Sam Diaz") and
 * webhooks show it. Anyone may set their own; an API key may not.
 */
export async function setMyName(
  db: DbOrTrx,
  session: ValidatedSession,
  name: string,
): Promise<{ name: string }> {
  requireSignedInPerson(
    session,
    'Your name is changed in Settings → Team by you, not with an API key',
  );
  await db.updateTable('users').set({ name }).where('id', '=', session.user.id).execute();
  return { name };
}
