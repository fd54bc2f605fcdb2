import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  loginAnswerSchema,
  loginInputSchema,
  signupInputSchema,
} from '../../domain/auth.schemas.js';
import { answerSignInStep, currentUserAnswer } from '../two-factor/sign-in-answer.js';
import { logIn, logOut } from './sign-in.service.js';
import { signUp } from './sign-up.service.js';
import {
  clearSessionCookie,
  getRequestSession,
  setSessionCookie,
} from '../sessions/session-cookie.js';
import { requestClient, requestLanguage } from '../sessions/request-context.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { signupStatusSchema } from '../../domain/account-email.schemas.js';
import { signupStatus } from './signup-policy.js';

const accountRoute = { tag: 'Account', success: { 200: currentUserSchema } } as const;

/** The auth calls. Thin: parse, call the service, answer. */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/auth/user',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        ...accountRoute,
        summary: 'Who is signed in',
        caller: 'contractor',
      }),
    },
    (request) => currentUserAnswer(deps.db, contractorOf(request).user),
  );

  api.get(
    '/api/auth/signup-status',
    {
      schema: describeRoute({
        tag: 'Account',
        summary: 'Whether this server takes sign-ups',
        description:
          'SIGNUP_MODE: `open` always; `invite` until the first account exists; `closed` never. When it does not, `message` says why and what to do.',
        caller: 'public',
        success: { 200: signupStatusSchema },
      }),
    },
    () => signupStatus(deps.db, deps.config),
  );

  api.post(
    '/api/auth/signup',
    {
      schema: describeRoute({
        ...accountRoute,
        summary: 'Create an account',
        description: 'Sets the session cookie.',
        caller: 'public',
        body: signupInputSchema,
        errors: [403, 409],
      }),
    },
    async (request, reply) => {
      const signedIn = await signUp(deps, request.body, {
        client: requestClient(request),
        language: requestLanguage(request),
      });
      setSessionCookie(reply, deps.config, signedIn.session.token, signedIn.session.expiresAtMs);
      return currentUserAnswer(deps.db, signedIn.user);
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: describeRoute({
        tag: 'Account',
        summary: 'Sign in',
        description:
          'Sets the session cookie. With two-step sign-in on, answers `{"two_factor_required": true}` and sets a 5-minute pending cookie instead: finish with `POST /api/auth/login/2fa`. Integrations use an API key instead.',
        caller: 'public',
        body: loginInputSchema,
        success: { 200: loginAnswerSchema },
        errors: [401],
      }),
    },
    async (request, reply) => {
      const step = await logIn(deps, request.body, requestClient(request));
      return answerSignInStep(reply, deps, step);
    },
  );

  // Signing out when already signed out is not an error: the outcome is the same.
  api.post(
    '/api/auth/logout',
    {
      schema: describeRoute({
        tag: 'Account',
        summary: 'Sign out',
        caller: 'public',
        success: { 200: doneAnswerSchema },
      }),
    },
    async (request, reply) => {
      const session = await getRequestSession(request, reply, deps);
      await logOut(deps.db, session, requestClient(request));
      clearSessionCookie(reply, deps.config);
      return { ok: true as const };
    },
  );
}
