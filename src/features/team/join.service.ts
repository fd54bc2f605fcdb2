import { inCompanyLock } from '../../db/account-lock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { Language } from '../../domain/i18n/languages.js';
import { displayName, type CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { ValidatedSession } from '../../ports/session.js';
import { hashPassword } from '../credentials/password.js';
import { insertUser, markEmailVerified } from '../credentials/users.repo.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { createSession } from '../sessions/sessions.service.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { claimInvite, liveInviteOf, type LiveInvite } from './invite-token.js';
import { revokeKeysOf } from './members.service.js';
import { companyNameOf, countOthers } from './team.repo.js';
import type { JoinCheckAnswer, JoinInput } from './team.schemas.js';
import type { TeamDeps } from './team-deps.js';

export const ACCOUNT_EXISTS =
  'An account with this email already exists: sign in, then open this link again to join.';

/** The account using an email, removed from its company or not. */
async function accountOf(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'role', 'removed_at', 'totp_enabled_at'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** What the join page shows before anything is typed: who invited, to what, and whether to sign in. */
export async function checkInvite(db: DB, token: string, now: Date): Promise<JoinCheckAnswer> {
  const invite = await liveInviteOf(db, token, now);
  const inviter = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', invite.invitedByUserId)
    .executeTakeFirstOrThrow();
  const account = await accountOf(db, invite.email);
  return {
    company_name: (await companyNameOf(db, invite.companyId)) ?? 'their company on TradeSign',
    invited_by: displayName(inviter),
    email: invite.email,
    role: invite.role,
    has_account: account !== undefined && account.removed_at === null,
  };
}

export interface Joined {
  email: string;
  /** Null when the account (an earlier one, reactivated) has two-step sign-in on. */
  session: { token: string; expiresAtMs: number } | null;
}

/**
 * The invitee sets their name and password: a new account in the inviting company (or theirs,
 * removed from a company once, brought back), its email verified by the link, the invitation
 * spent, and a session, in one transaction. An account reactivated with two-step sign-in on is
 * not signed in here: the link proves the mailbox, not the authenticator.
 */
export async function joinByInvite(
  deps: TeamDeps,
  input: JoinInput,
  request: { client: RequestClient; language: Language },
): Promise<Joined> {
  const { db } = deps;
  const now = deps.clock();
  const first = await liveInviteOf(db, input.token, now);
  const existing = await accountOf(db, first.email);
  if (existing && existing.removed_at === null) {
    // A join racing with this one may have just made the account from this very link: then the
    // link is what the person must hear about (used), not the account.
    await liveInviteOf(db, input.token, now);
    throw new AppError('CONFLICT', ACCOUNT_EXISTS);
  }
  const passwordHash = await hashPassword(input.password, deps.config);
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      // Read again in the transaction: another join may have spent it while argon2 ran.
      const invite = await liveInviteOf(trx, input.token, now);
      const account = await accountOf(trx, invite.email);
      if (account && account.removed_at === null) {
        // Each statement sees what has committed by then: a racing join may have made the
        // account from this link since the read above. Then the link is what to hear about.
        await liveInviteOf(trx, input.token, now);
        throw new AppError('CONFLICT', ACCOUNT_EXISTS);
      }
      const person = { companyId: invite.companyId, role: invite.role, name: input.name };
      let userId: number;
      if (account) {
        userId = account.id;
        await trx
          .updateTable('users')
          .set({
            company_id: person.companyId,
            role: person.role,
            name: person.name,
            password_hash: passwordHash,
            removed_at: null,
          })
          .where('id', '=', userId)
          .execute();
      } else {
        userId = await insertUser(trx, {
          email: invite.email,
          passwordHash,
          createdAt: at,
          language: request.language,
          ...person,
        });
        await recordSecurityEvent(trx, {
          userId,
          type: 'account_created',
          client: request.client,
          details: { by: 'invitation' },
          at: now,
        });
      }
      await claimInvite(trx, invite, userId, now);
      await markEmailVerified(trx, userId, at);
      await recordJoined(trx, invite, userId, request.client, now);
      const twoStep = account?.totp_enabled_at != null;
      const session = twoStep ? null : await createSession(trx, userId, request.client);
      if (session) {
        await recordSecurityEvent(trx, {
          userId,
          type: 'sign_in',
          client: request.client,
          details: { method: 'invitation' },
          at: now,
        });
      }
      return { email: invite.email, session };
    });
  } catch (error) {
    // Two joins racing with one link: the second's insert meets the first's email.
    if (isUniqueViolation(error)) {
      await liveInviteOf(db, input.token, deps.clock());
      throw new AppError('CONFLICT', ACCOUNT_EXISTS);
    }
    throw error;
  }
}

async function recordJoined(
  trx: DbOrTrx,
  invite: LiveInvite,
  userId: number,
  client: RequestClient,
  now: Date,
): Promise<void> {
  await recordSecurityEvent(trx, {
    userId,
    type: 'team_member_joined',
    client,
    details: { email: invite.email, role: invite.role, company_id: invite.companyId },
    at: now,
  });
}

/**
 * A person signed in accepts an invitation sent to their email: they move into the inviting
 * company with its role. The keys they made in their old company are revoked (a key acts with
 * its maker's company, and must not start acting on the new one), and the last owner of a
 * company that has other people cannot leave it.
 */
export async function acceptInvite(
  deps: TeamDeps,
  session: ValidatedSession,
  token: string,
  client: RequestClient,
): Promise<void> {
  const { db } = deps;
  requireSignedInPerson(
    session,
    'An invitation is accepted by a person signed in, not with an API key',
  );
  const { user } = session;
  const now = deps.clock();
  const first = await liveInviteOf(db, token, now);
  if (first.email !== user.email.toLowerCase()) {
    throw new AppError(
      'FORBIDDEN',
      `This invitation is for ${first.email}, and you are signed in as ${user.email}. Sign out, then sign in as ${first.email}.`,
    );
  }
  if (first.companyId === user.companyId) {
    throw new AppError('CONFLICT', 'You are already in this team.');
  }
  await inCompanyLock(db, user.companyId, async (trx) => {
    const invite = await liveInviteOf(trx, token, now);
    await refuseLastOwnerLeaving(trx, user.companyId, user.id);
    await claimInvite(trx, invite, user.id, now);
    await revokeKeysOf(trx, user.companyId, user.id, now.toISOString());
    await trx
      .updateTable('users')
      .set({ company_id: invite.companyId, role: invite.role, removed_at: null })
      .where('id', '=', user.id)
      .execute();
    await markEmailVerifiedIfNot(trx, user.id, now);
    await recordJoined(trx, invite, user.id, client, now);
  });
}

/** The one rule of leaving a company: someone must still own it. */
async function refuseLastOwnerLeaving(trx: DbOrTrx, companyId: CompanyId, userId: number) {
  const me = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (me.role !== 'owner') return;
  const others = await countOthers(trx, companyId, userId);
  if (others === 0) return;
  if ((await countOthers(trx, companyId, userId, 'owner')) === 0) {
    throw new AppError(
      'CONFLICT',
      'You are the only owner of your company, and it has other people: make one of them an owner in Settings → Team first, then open this link again.',
    );
  }
}

async function markEmailVerifiedIfNot(trx: DbOrTrx, userId: number, now: Date) {
  await trx
    .updateTable('users')
    .set({ email_verified_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}
