import type { FastifyInstance } from 'fastify';
import { verifyResultSchema } from '../../domain/verify.schemas.js';
import { verifyExecutedCopy } from './verify.service.js';
import type { AppDeps } from '../../trpc/context.js';
import { responseSchema } from '../../rest/rest-helpers.js';

/**
 * Public check of an executed copy by its SHA-256 (issue 7 item 5): no account needed, the file
 * itself never travels, and like the signing page the answer is never cached or referred.
 */
export function registerVerifyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { sha256: string } }>(
    '/api/verify/:sha256',
    { schema: { response: { 200: responseSchema(verifyResultSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return verifyExecutedCopy(deps.db, request.params.sha256, { ip: request.ip });
    },
  );
}
