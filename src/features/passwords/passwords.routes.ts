import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordAnswerSchema,
  changePasswordInputSchema,
  forgotPasswordAnswerSchema,
  forgotPasswordInputSchema,
  RESET_LINK_HOURS,
  resetCheckAnswerSchema,
  resetCheckInputSchema,
  resetPasswordAnswerSchema,
  resetPasswordInputSchema,
} from '../../domain/passwords.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { requestClient } from '../sessions/request-context.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { changePassword } from './change-password.service.js';
import { requestPasswordReset } from './forgot-password.service.js';
import { checkResetLink, resetPassword } from './reset-password.service.js';

const passwordRoute = { tag: 'Account' } as const;

/** Forgot, reset and change password (issue 34): thin, as their tRPC twins (passwords.router.ts). */
export function registerPasswordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/forgot',
    {
      schema: describeRoute({
        ...passwordRoute,
        summary: 'Ask for a password reset link',
        description: `Always 202 with the same body, in at least a second, whether or not an account uses the email. An account gets a mail with a link to /reset-password/<token>, which works once, for ${RESET_LINK_HOURS} hour; asking again makes the older link stop working.`,
        caller: 'public',
        body: forgotPasswordInputSchema,
        success: { 202: forgotPasswordAnswerSchema },
      }),
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body, requestClient(request));
      return reply.code(202).send({ ok: true as const });
    },
  );

  api.post(
    '/api/auth/reset/check',
    {
      schema: describeRoute({
        ...passwordRoute,
        summary: 'Check a password reset link',
        description:
          'Whether the link still works, without using it: when it does not, `reason` and `message` say why (used, replaced by a newer link, expired, or not valid).',
        caller: 'public',
        body: resetCheckInputSchema,
        success: { 200: resetCheckAnswerSchema },
      }),
    },
    async (request, reply) => {
      const answer = await checkResetLink(deps, request.body.token, requestClient(request));
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  api.post(
    '/api/auth/reset',
    {
      schema: describeRoute({
        ...passwordRoute,
        summary: 'Set a new password from a reset link',
        description:
          'Same password rules as sign-up. Signs the account out everywhere, mails its owner, and signs this browser in (sets the session cookie): `signed_in: false` when the account has two-factor sign-in, which then signs in with the new password and a code. A used, replaced or expired link is a 400 saying which.',
        caller: 'public',
        body: resetPasswordInputSchema,
        success: { 200: resetPasswordAnswerSchema },
      }),
    },
    async (request, reply) => {
      const done = await resetPassword(deps, request.body, requestClient(request));
      if (done.session) {
        setSessionCookie(reply, deps.config, done.session.token, done.session.expiresAtMs);
      }
      return {
        signed_in: done.session !== null,
        user: done.session ? { email: done.user.email } : null,
      };
    },
  );

  api.put(
    '/api/auth/password',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        ...passwordRoute,
        summary: 'Change the password',
        description:
          'Needs the current password: a wrong one is a 400 and counts as a failed sign-in. Signs out every other session; this one stays signed in. Only a person signed in to the web app may do it: an API key gets 403.',
        caller: 'contractor',
        body: changePasswordInputSchema,
        success: { 200: changePasswordAnswerSchema },
        errors: [403],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const signedOut = await changePassword(deps, session, request.body, session.client);
      return { ok: true as const, signed_out_sessions: signedOut };
    },
  );
}
