import type { DbOrTrx } from '../../db/kysely.js';
import { displayName, type CompanyId, type TeamRole } from '../../domain/team.js';
import type { TeamInviteSummary, TeamMember } from './team.schemas.js';

/** The team's queries (issue 35): every one is scoped by the company. */

/** The company's people (removed ones left out), with their newest session's last use. */
export async function listMembers(db: DbOrTrx, companyId: CompanyId): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('sessions', 'sessions.user_id', 'users.id')
    .select(({ fn }) => [
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      fn.max('sessions.last_used_at_ms').as('last_used_at_ms'),
    ])
    .where('users.company_id', '=', companyId)
    .where('users.removed_at', 'is', null)
    .groupBy(['users.id', 'users.name', 'users.email', 'users.role'])
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    // PostgreSQL's bigint max comes back as a string.
    last_seen_at:
      row.last_used_at_ms === null ? null : new Date(Number(row.last_used_at_ms)).toISOString(),
  }));
}

/** Invitations still waiting: not accepted, canceled or expired. */
export async function listPendingInvites(
  db: DbOrTrx,
  companyId: CompanyId,
  now: Date,
): Promise<TeamInviteSummary[]> {
  const rows = await db
    .selectFrom('team_invites')
    .innerJoin('users', 'users.id', 'team_invites.invited_by_user_id')
    .select([
      'team_invites.id',
      'team_invites.email',
      'team_invites.role',
      'team_invites.created_at',
      'team_invites.expires_at',
      'users.name',
      'users.email as inviter_email',
    ])
    .where('team_invites.company_id', '=', companyId)
    .where('team_invites.accepted_at', 'is', null)
    .where('team_invites.canceled_at', 'is', null)
    .where('team_invites.expires_at', '>', now.toISOString())
    .orderBy('team_invites.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: displayName({ name: row.name, email: row.inviter_email }),
    created_at: row.created_at,
    expires_at: row.expires_at,
  }));
}

export interface ActiveMember {
  id: number;
  email: string;
  name: string | null;
  role: TeamRole;
}

/** One of the company's people who has not been removed; undefined for anyone else. */
export async function findActiveMember(
  db: DbOrTrx,
  companyId: CompanyId,
  userId: number,
): Promise<ActiveMember | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** How many people of the company (not removed) have this role, leaving one person out. */
export async function countOthers(
  db: DbOrTrx,
  companyId: CompanyId,
  exceptUserId: number,
  role?: TeamRole,
): Promise<number> {
  let query = db
    .selectFrom('users')
    .select(({ fn }) => fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .where('id', '!=', exceptUserId);
  if (role) query = query.where('role', '=', role);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The company's name as invitations show it; "the company" words fill in when it has none. */
export async function companyNameOf(db: DbOrTrx, companyId: CompanyId): Promise<string | null> {
  const row = await db
    .selectFrom('preferences')
    .select('company_name')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.company_name?.trim() || null;
}

/** Ends every session of a person: their open browsers are signed out at the next request. */
export async function deleteSessionsOf(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
