import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema } from '../../domain/auth.schemas.js';
import {
  recoveryCodesAnswerSchema,
  twoFactorConfirmInputSchema,
  twoFactorEnableInputSchema,
  twoFactorLoginInputSchema,
  twoFactorSetupSchema,
} from '../../domain/two-factor.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { requestClient } from '../sessions/request-context.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { pendingSignInTokenOf } from './pending-sign-in-cookie.js';
import { finishSignInWithSecondStep } from './second-step.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  setUpTwoFactor,
  TWO_FACTOR_NEEDS_A_PERSON,
} from './two-factor.service.js';

const settingsRoute = { tag: 'Account', caller: 'contractor', errors: [403] } as const;
const PERSON_ONLY = 'Only a person signed in to the web app may call it: an API key gets 403.';

/**
 * Two-step sign-in (issue 34, docs/decisions/042): its setup in Settings → Security, and the
 * second step of signing in. Thin: parse, call the service, answer; the tRPC twins are in
 * two-factor.router.ts.
 */
export function registerTwoFactorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.post(
    '/api/auth/login/2fa',
    {
      schema: describeRoute({
        tag: 'Account',
        summary: 'Finish a two-step sign-in',
        description:
          'After `POST /api/auth/login` answered `{"two_factor_required": true}`: send `code` (6 digits from the authenticator app) or `recovery_code`, with the pending cookie it set (5 minutes). Sets the session cookie. Wrong codes are throttled like passwords.',
        caller: 'public',
        body: twoFactorLoginInputSchema,
        success: { 200: currentUserSchema },
        errors: [401, 403],
      }),
    },
    async (request, reply) =>
      finishSignInWithSecondStep(
        request,
        reply,
        deps,
        pendingSignInTokenOf(request, deps.config),
        request.body,
      ),
  );

  api.post(
    '/api/auth/2fa/setup',
    {
      preValidation,
      schema: describeRoute({
        ...settingsRoute,
        summary: 'Start turning on two-step sign-in',
        description: `A new key, shown this once: as base32 text to type, as an otpauth URL, and as a QR code (SVG). Nothing changes until \`POST /api/auth/2fa/enable\` with a code from it. ${PERSON_ONLY}`,
        success: { 200: twoFactorSetupSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session, TWO_FACTOR_NEEDS_A_PERSON);
      return setUpTwoFactor(deps, session.user);
    },
  );

  api.post(
    '/api/auth/2fa/enable',
    {
      preValidation,
      schema: describeRoute({
        ...settingsRoute,
        summary: 'Turn on two-step sign-in',
        description: `With one good code from the key just set up. Answers the 10 recovery codes, shown this once. ${PERSON_ONLY}`,
        body: twoFactorEnableInputSchema,
        success: { 200: recoveryCodesAnswerSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session, TWO_FACTOR_NEEDS_A_PERSON);
      return enableTwoFactor(deps, session.user, request.body.code, requestClient(request));
    },
  );

  api.post(
    '/api/auth/2fa/disable',
    {
      preValidation,
      schema: describeRoute({
        ...settingsRoute,
        summary: 'Turn off two-step sign-in',
        description: `With the password and a code from the app (or a recovery code). ${PERSON_ONLY}`,
        body: twoFactorConfirmInputSchema,
        success: { 200: doneAnswerSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session, TWO_FACTOR_NEEDS_A_PERSON);
      await disableTwoFactor(deps, session.user, request.body, requestClient(request));
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/2fa/recovery-codes',
    {
      preValidation,
      schema: describeRoute({
        ...settingsRoute,
        summary: 'Replace the recovery codes',
        description: `With the password and a code from the app (or a recovery code). Answers 10 new codes, shown this once; the old ones stop working. ${PERSON_ONLY}`,
        body: twoFactorConfirmInputSchema,
        success: { 200: recoveryCodesAnswerSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session, TWO_FACTOR_NEEDS_A_PERSON);
      return renewRecoveryCodes(deps, session.user, request.body, requestClient(request));
    },
  );
}
