import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cleanScopeInputSchema, cleanScopeResultSchema } from '../../domain/scope.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

/** POST /api/scope/clean. */
export function registerScopeRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/scope/clean',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        tag: 'Scope',
        summary: 'Tidy scope notes into a paragraph and bullets',
        description:
          'Uses the configured Ollama model; `engine` says whether the model or the built-in rules made the answer.',
        caller: 'contractor',
        body: cleanScopeInputSchema,
        success: { 200: cleanScopeResultSchema },
      }),
    },
    async (request) =>
      deps.scopeCleaner.clean(
        deps.db,
        contractorOf(request).user.id,
        request.body.snippets,
        request.log,
      ),
  );
}
