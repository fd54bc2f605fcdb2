import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  revokedOthersAnswerSchema,
  revokeSessionInputSchema,
  sessionSummarySchema,
} from '../../domain/sessions.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import {
  listAccountSessions,
  revokeOtherSessions,
  revokeSession,
} from './account-sessions.service.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

const sessionsRoute = { tag: 'Account', caller: 'contractor' } as const;
const PERSON_ONLY = 'Only a person signed in to the web app may call it: an API key gets 403.';

/** The account's signed-in devices (issue 34): list them, sign one or all others out. */
export function registerAccountSessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/auth/sessions',
    {
      preValidation,
      schema: describeRoute({
        ...sessionsRoute,
        summary: 'Signed-in devices',
        description: `Each session of the account, most recently used first: its device in words, address, when it signed in and was last used (to the hour), and \`current\` for the one asking. ${PERSON_ONLY}`,
        success: { 200: z.array(sessionSummarySchema) },
        errors: [403],
      }),
    },
    (request) => listAccountSessions(deps.db, contractorOf(request)),
  );

  api.delete(
    '/api/auth/sessions/:id',
    {
      preValidation,
      schema: describeRoute({
        ...sessionsRoute,
        summary: 'Sign a device out',
        description: `Its next request is refused. Not the session asking (400: sign out with POST /api/auth/logout). ${PERSON_ONLY}`,
        params: revokeSessionInputSchema,
        success: { 200: doneAnswerSchema },
        errors: [403, 404],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      await revokeSession(deps.db, session, request.params.id, session.client, deps.clock());
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/sessions/revoke-others',
    {
      preValidation,
      schema: describeRoute({
        ...sessionsRoute,
        summary: 'Sign out every other device',
        description: `Every session of the account but the one asking. ${PERSON_ONLY}`,
        success: { 200: revokedOthersAnswerSchema },
        errors: [403],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const signedOut = await revokeOtherSessions(deps.db, session, session.client, deps.clock());
      return { ok: true as const, signed_out_sessions: signedOut };
    },
  );
}
