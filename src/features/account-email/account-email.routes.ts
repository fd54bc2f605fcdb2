import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailInputSchema,
  confirmEmailChangeInputSchema,
  signInEmailAnswerSchema,
  verificationSentSchema,
  verifyEmailInputSchema,
} from '../../domain/account-email.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { requestClient } from '../sessions/request-context.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { confirmEmailChange, requestEmailChange } from './email-change.service.js';
import { resendVerification, verifyEmail } from './email-verification.service.js';

const tag = 'Account';

/** The sign-in email's verification and change (issue 34); tRPC twins in account-email.router.ts. */
export function registerAccountEmailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/verify-email',
    {
      schema: describeRoute({
        tag,
        summary: 'Verify the email with its emailed link',
        description:
          'The token of the `/verify-email/<token>` link (48 hours, once). Works signed in or not. A used, replaced or expired link answers 400 saying which.',
        caller: 'public',
        body: verifyEmailInputSchema,
        success: { 200: signInEmailAnswerSchema },
        errors: [400],
      }),
    },
    (request) => verifyEmail(deps, request.body.token, requestClient(request)),
  );

  api.post(
    '/api/auth/verify-email/resend',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        tag,
        summary: 'Send the verification link again',
        description:
          'A new link; the older one stops working. At most 3 verification mails an hour, the sign-up mail included: the 4th answers 429 with Retry-After.',
        caller: 'contractor',
        success: { 200: verificationSentSchema },
        errors: [409, 429],
      }),
    },
    (request) => {
      const session = contractorOf(request);
      return resendVerification(deps, session.user.id, session.client);
    },
  );

  api.post(
    '/api/auth/email',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        tag,
        summary: 'Change the sign-in email',
        description:
          'Checks the current password (a wrong one counts as a failed sign-in), then mails the new address a confirmation link (24 hours) and the old one a notice. The answer is the same whether or not the new address already has an account. Only a person signed in may ask: an API key gets 403.',
        caller: 'contractor',
        body: changeEmailInputSchema,
        success: { 200: doneAnswerSchema },
        errors: [400, 403, 429],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      await requestEmailChange(deps, session, request.body, session.client);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/email/confirm',
    {
      schema: describeRoute({
        tag,
        summary: 'Confirm a change of the sign-in email',
        description:
          'The token of the `/confirm-email/<token>` link mailed to the new address. Works signed in or not. A used, replaced or expired link answers 400 saying which; an address taken meanwhile answers 409.',
        caller: 'public',
        body: confirmEmailChangeInputSchema,
        success: { 200: signInEmailAnswerSchema },
        errors: [400, 409],
      }),
    },
    (request) => confirmEmailChange(deps, request.body.token, requestClient(request)),
  );
}
