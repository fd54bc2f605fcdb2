import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { sendInputSchema, sendResultSchema } from '../../domain/send.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { sendToClient } from './send.service.js';
import { z } from 'zod';

const params = z.object({ id: contractIdSchema });

/**
 * POST /api/contracts/:id/send: sending draws on every other part (the template, the company's
 * details, the signing link and its mail, the documents' page limit, the client-mail budget,
 * webhooks), so it stands above them all rather than inside the contracts it sends.
 */
export function registerSendRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);
  const contractRoute = { tag: 'Contracts', caller: 'contractor' } as const;

  api.post(
    '/api/contracts/:id/send',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'Send a signed draft to the client',
        description:
          'Freezes the contract, emails the client a signing link and answers when the mail is queued. The contractor must have signed first (sign-mine) and recorded the legal acknowledgment. An account that signed up on an open server answers 403 until its email is verified.',
        params,
        body: sendInputSchema,
        success: { 200: sendResultSchema },
        errors: [403, 404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return sendToClient(deps, session.user, request.params.id, request.body, session.actor);
    },
  );
}
