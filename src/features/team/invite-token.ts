import type { DbOrTrx } from '../../db/kysely.js';
import type { CompanyId, TeamRole } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { hashAccountToken, isAccountTokenShaped } from '../account-tokens/account-token.js';

/** Why an invitation link no longer works, most telling first. */
export type InviteRefusal = 'used' | 'canceled' | 'expired' | 'unknown';

/** What a dead link tells its reader (400): each says what to do next. */
export const INVITE_REFUSALS: Record<InviteRefusal, string> = {
  used: 'This invitation was already used. Sign in with the account it made.',
  canceled:
    'This invitation was canceled, or replaced by a newer one. Use the newest invitation email, or ask for a new one.',
  expired: 'This invitation has expired. Ask whoever invited you to send a new one.',
  unknown:
    'This invitation link is not valid. Check that it was copied whole, or ask for a new one.',
};

export interface LiveInvite {
  id: number;
  companyId: CompanyId;
  email: string;
  role: TeamRole;
  invitedByUserId: number;
}

/** The invitation a link names while it works; a 400 that says why when it does not. */
export async function liveInviteOf(db: DbOrTrx, token: string, now: Date): Promise<LiveInvite> {
  if (!isAccountTokenShaped(token)) throw refusal('unknown');
  const row = await db
    .selectFrom('team_invites')
    .select([
      'id',
      'company_id',
      'email',
      'role',
      'invited_by_user_id',
      'expires_at',
      'accepted_at',
      'canceled_at',
    ])
    .where('token_hash', '=', hashAccountToken(token))
    .executeTakeFirst();
  if (!row) throw refusal('unknown');
  if (row.accepted_at !== null) throw refusal('used');
  if (row.canceled_at !== null) throw refusal('canceled');
  if (row.expires_at <= now.toISOString()) throw refusal('expired');
  return {
    id: row.id,
    companyId: row.company_id,
    email: row.email,
    role: row.role,
    invitedByUserId: row.invited_by_user_id,
  };
}

/**
 * Spends the invitation: one conditional update, so of two joins racing with one link exactly
 * one gets it (PostgreSQL's second update waits for the first and then matches nothing).
 */
export async function claimInvite(
  trx: DbOrTrx,
  invite: LiveInvite,
  userId: number,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const claimed = await trx
    .updateTable('team_invites')
    .set({ accepted_at: at, accepted_user_id: userId })
    .where('id', '=', invite.id)
    .where('accepted_at', 'is', null)
    .where('canceled_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) throw refusal('used');
}

function refusal(reason: InviteRefusal): AppError {
  return new AppError('BAD_REQUEST', INVITE_REFUSALS[reason]);
}
