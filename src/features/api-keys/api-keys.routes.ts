import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiKeyIdSchema,
  apiKeySummarySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from '../../domain/api-keys.schemas.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';
import type { AppDeps } from '../../trpc/context.js';
import {
  createApiKey,
  listApiKeys,
  requireSignedInPerson,
  revokeApiKey,
} from './api-keys.service.js';

const idParams = z.object({ id: apiKeyIdSchema });

/** POST/GET/DELETE /api/keys: a signed-in person's keys (issue 19, docs/decisions/024). */
export function registerApiKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/keys',
    { schema: { response: { 200: responseSchema(z.array(apiKeySummarySchema)) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      requireSignedInPerson(session);
      return listApiKeys(deps.db, session.user.id);
    },
  );

  app.post(
    '/api/keys',
    { schema: { response: { 201: responseSchema(createdApiKeySchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      requireSignedInPerson(session);
      const { name } = parseInput(createApiKeyInputSchema, request.body);
      const created = await createApiKey(deps.db, session.user.id, name, deps.clock());
      // The key is in this answer only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete('/api/keys/:id', async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    requireSignedInPerson(session);
    const { id } = parseInput(idParams, request.params);
    await revokeApiKey(deps.db, session.user.id, id, deps.clock());
    return { ok: true };
  });
}
