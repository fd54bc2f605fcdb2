import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { CurrentUser } from '../../domain/auth.schemas.js';
import type { TwoFactorLoginInput } from '../../domain/two-factor.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { requestClient } from '../../lib/request-client.js';
import { bearerKeyOf } from '../sessions/session-cookie.js';
import { clearPendingSignInCookie } from './pending-sign-in-cookie.js';
import { answerSignInStep } from './sign-in-answer.js';
import { finishTwoFactorSignIn } from './two-factor-sign-in.js';
import type { TwoFactorDeps } from './two-factor.service.js';

export const SECOND_STEP_NEEDS_A_PERSON =
  'The second step of signing in is for a person in the web app: an API key needs no code';

/**
 * `POST /api/auth/login/2fa` and `auth.loginTwoFactor`: the code finishes the pending sign-in,
 * whose cookie goes once it is spent; a wrong code keeps it, so the person can try again.
 */
export async function finishSignInWithSecondStep(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: TwoFactorDeps & { config: Config },
  pendingToken: string | undefined,
  input: TwoFactorLoginInput,
): Promise<CurrentUser> {
  if (bearerKeyOf(request) !== undefined)
    throw new AppError('FORBIDDEN', SECOND_STEP_NEEDS_A_PERSON);
  const signedIn = await finishTwoFactorSignIn(deps, pendingToken, input, requestClient(request));
  clearPendingSignInCookie(reply, deps.config);
  const answer = await answerSignInStep(reply, deps, signedIn);
  if (!('user' in answer)) throw new Error('a finished two-step sign-in answers the person');
  return answer;
}
