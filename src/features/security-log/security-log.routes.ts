import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SECURITY_LOG_PAGE_SIZE,
  securityLogPageSchema,
  securityLogQuerySchema,
} from '../../domain/security-events.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { listSecurityEvents, SECURITY_LOG_NEEDS_A_PERSON } from './security-log.service.js';

/** GET /api/auth/security-log: the account's security log (issue 34), for its owner only. */
export function registerSecurityLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/auth/security-log',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        tag: 'Account',
        summary: 'The security log',
        description: `Sign-ins, failed sign-ins and changes to the account's security, newest first, ${SECURITY_LOG_PAGE_SIZE} a page: pass \`next_before\` as \`before\` for the next. Only a person signed in to the web app may read it: an API key gets 403.`,
        caller: 'contractor',
        querystring: securityLogQuerySchema,
        success: { 200: securityLogPageSchema },
        errors: [403],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session, SECURITY_LOG_NEEDS_A_PERSON);
      return listSecurityEvents(deps.db, session.user, request.query.before);
    },
  );
}
