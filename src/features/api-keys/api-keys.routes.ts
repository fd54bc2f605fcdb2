import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyIdSchema,
  apiKeySummarySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from '../../domain/api-keys.schemas.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import type { AppDeps } from '../../ports/app-deps.js';
import {
  createApiKey,
  listApiKeys,
  requireSignedInPerson,
  revokeApiKey,
} from './api-keys.service.js';

const keyRoute = { tag: 'API keys', caller: 'contractor', errors: [403] } as const;
const KEYS_NEED_A_PERSON =
  'Only a person signed in to the web app can do this: an API key cannot manage keys (403).';

/** POST/GET/DELETE /api/keys: a signed-in person's keys (issue 19, docs/decisions/024). */
export function registerApiKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/keys',
    {
      preValidation,
      schema: describeRoute({
        ...keyRoute,
        summary: 'List API keys',
        description: `Each key's name and first characters, never the key. ${KEYS_NEED_A_PERSON}`,
        success: { 200: z.array(apiKeySummarySchema) },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session);
      return listApiKeys(deps.db, session.user);
    },
  );

  api.post(
    '/api/keys',
    {
      preValidation,
      schema: describeRoute({
        ...keyRoute,
        summary: 'Create an API key',
        description: `The answer holds the key: the only time it is shown. ${KEYS_NEED_A_PERSON}`,
        body: createApiKeyInputSchema,
        success: { 201: createdApiKeySchema },
        errors: [403, 409],
      }),
    },
    async (request, reply) => {
      const session = contractorOf(request);
      requireSignedInPerson(session);
      const created = await createApiKey(deps.db, session.user, request.body.name, deps.clock());
      // The key is in this answer only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete(
    '/api/keys/:id',
    {
      preValidation,
      schema: describeRoute({
        ...keyRoute,
        summary: 'Revoke an API key',
        description: `Calls with the key get 401 from now on. ${KEYS_NEED_A_PERSON}`,
        params: z.object({ id: apiKeyIdSchema }),
        success: { 200: doneAnswerSchema },
        errors: [403, 404],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      requireSignedInPerson(session);
      await revokeApiKey(deps.db, session.user, request.params.id, deps.clock());
      return { ok: true as const };
    },
  );
}
