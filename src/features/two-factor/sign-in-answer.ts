import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { CurrentUser } from '../../domain/auth.schemas.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { setPendingSignInCookie } from './pending-sign-in-cookie.js';
import { signedInStatusOf } from './two-factor.repo.js';

/** How a sign-in step ended: signed in, or (right password, two-step on) waiting for a code. */
export type SignInStep =
  | {
      user: { id: number; email: string };
      session: { token: string; expiresAtMs: number };
    }
  | { twoFactorPending: { token: string; expiresAt: string } };

/** The signed-in person as `GET /api/auth/user` and the sign-in calls answer it. */
export async function currentUserAnswer(
  db: DbOrTrx,
  user: { id: number; email: string },
): Promise<CurrentUser> {
  const { emailVerified, name, role, ...twoFactor } = await signedInStatusOf(db, user.id);
  return {
    user: {
      id: user.id,
      email: user.email,
      name,
      role,
      email_verified: emailVerified,
      ...twoFactor,
    },
  };
}

/**
 * Sets the cookie a sign-in step earned and answers it, the same for REST and tRPC: the session
 * and the person, or the pending sign-in and `{two_factor_required: true}`.
 */
export async function answerSignInStep(
  reply: FastifyReply,
  deps: { db: DbOrTrx; config: Config },
  step: SignInStep,
) {
  if ('twoFactorPending' in step) {
    const { token, expiresAt } = step.twoFactorPending;
    setPendingSignInCookie(reply, deps.config, token, expiresAt);
    return { two_factor_required: true as const };
  }
  setSessionCookie(reply, deps.config, step.session.token, step.session.expiresAtMs);
  return currentUserAnswer(deps.db, step.user);
}
