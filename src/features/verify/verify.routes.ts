import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyResultSchema } from '../../domain/verify.schemas.js';
import { verifyExecutedCopy } from './verify.service.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';

/**
 * Public check of an executed copy by its SHA-256 (issue 7 item 5): no account needed, the file
 * itself never travels, and like the signing page the answer is never cached or referred.
 */
export function registerVerifyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/verify/:sha256',
    {
      schema: describeRoute({
        tag: 'Verification (public)',
        summary: 'Check an executed copy by its SHA-256',
        description:
          "Answers whether a file with this hash is one of this install's sealed copies, and names its contractor and every client who signed it, with when each signed (never an email, an amount or the file). A change order's copy also names the contract it changes and that contract's sealed copy by its SHA-256.",
        caller: 'public',
        // The service checks the hash itself (400 "Expected a SHA-256 in hex"), as its tRPC-less
        // page shows that message as it is.
        params: z.object({
          sha256: z.string().meta({ description: "The PDF file's SHA-256: 64 hex digits." }),
        }),
        success: { 200: verifyResultSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return verifyExecutedCopy(deps.db, request.params.sha256, { ip: request.ip }, deps.clock());
    },
  );
}
