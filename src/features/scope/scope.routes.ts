import type { FastifyInstance } from 'fastify';
import { cleanScopeInputSchema, cleanScopeResultSchema } from '../../domain/scope.schemas.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

/** POST /api/scope/clean. */
export function registerScopeRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/api/scope/clean',
    { schema: { response: { 200: responseSchema(cleanScopeResultSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const { snippets } = parseInput(cleanScopeInputSchema, request.body);
      return deps.scopeCleaner.clean(deps.db, session.user.id, snippets, request.log);
    },
  );
}
