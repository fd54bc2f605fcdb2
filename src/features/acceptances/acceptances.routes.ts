import type { FastifyInstance } from 'fastify';
import { acceptanceInputSchema, acceptanceStatusSchema } from '../../domain/acceptances.schemas.js';
import { recordAcceptance } from './acceptances.service.js';
import type { AppDeps } from '../../trpc/context.js';
import { clientOf, parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

/** Spec section 7: POST /api/acceptances. */
export function registerAcceptanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/api/acceptances',
    { schema: { response: { 201: responseSchema(acceptanceStatusSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const input = parseInput(acceptanceInputSchema, request.body);
      const status = await recordAcceptance(deps.db, session.user.id, input, clientOf(request));
      return reply.code(201).send(status);
    },
  );
}
