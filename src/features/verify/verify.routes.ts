import type { FastifyInstance } from 'fastify';
import { sha256HexSchema, verifyResultSchema } from '../../domain/verify.schemas.js';
import { enforceRateLimits } from '../rate-limit/rate-limit.js';
import { verifyExecutedCopy } from './verify.service.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, responseSchema } from '../../rest/rest-helpers.js';

const MINUTE_MS = 60_000;

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
      // Counted before parsing, so guessing with malformed input costs the same as with good.
      await enforceRateLimits(
        deps.db,
        [{ key: `verify:ip:${request.ip}`, rule: { limit: 30, windowMs: MINUTE_MS } }],
        'Too many checks. Please wait a minute and try again.',
      );
      const sha256 = parseInput(sha256HexSchema, request.params.sha256);
      return verifyExecutedCopy(deps.db, sha256);
    },
  );
}
