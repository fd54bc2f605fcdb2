import type { FastifyInstance } from 'fastify';
import { acceptanceInputSchema, acceptanceStatusSchema } from '../../domain/acceptances.schemas.js';
import { getAcceptanceStatus, recordAcceptance } from './acceptances.service.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

/** POST /api/acceptances; and whether it is done, as acceptances.status. */
export function registerAcceptanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/acceptances',
    { schema: { response: { 200: responseSchema(acceptanceStatusSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      return getAcceptanceStatus(deps.db, session.user.id);
    },
  );

  app.post(
    '/api/acceptances',
    { schema: { response: { 201: responseSchema(acceptanceStatusSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const input = parseInput(acceptanceInputSchema, request.body);
      const status = await recordAcceptance(deps.db, session.user.id, input, session.client);
      return reply.code(201).send(status);
    },
  );
}
