import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptanceInputSchema, acceptanceStatusSchema } from '../../domain/acceptances.schemas.js';
import { getAcceptanceStatus, recordAcceptance } from './acceptances.service.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

/** POST /api/acceptances; and whether it is done, as acceptances.status. */
export function registerAcceptanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/acceptances',
    {
      preValidation,
      schema: describeRoute({
        tag: 'Settings',
        summary: 'Whether the legal acknowledgment is recorded',
        caller: 'contractor',
        success: { 200: acceptanceStatusSchema },
      }),
    },
    async (request) => getAcceptanceStatus(deps.db, contractorOf(request).user.id),
  );

  api.post(
    '/api/acceptances',
    {
      preValidation,
      schema: describeRoute({
        tag: 'Settings',
        summary: 'Record the legal acknowledgment',
        description: 'Needed once before contracts can be sent.',
        caller: 'contractor',
        body: acceptanceInputSchema,
        success: { 201: acceptanceStatusSchema },
      }),
    },
    async (request, reply) => {
      const session = contractorOf(request);
      const status = await recordAcceptance(deps.db, session.user, request.body, session.client);
      return reply.code(201).send(status);
    },
  );
}
