import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendError } from '../../lib/error-handler.js';
import { apiErrorSchema, describeRoute, fileAnswer } from '../../rest/api-schema.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { signingTokenParams } from '../esign/esign.routes.js';
import { requestClient } from '../sessions/request-context.js';
import { printUnsignedCopy, UnsignedCopyUnavailableError } from './unsigned-copy.service.js';

/** The one answer beyond the error table: no PDF printer now (docs/decisions/026's shape). */
const unavailableAnswer = {
  description:
    'No PDF can be made right now: this server has no Chromium, or too many documents are being printed (then Retry-After says when to try again). The message is in the reading language of the contract.',
  content: {
    'application/json': { schema: apiErrorSchema },
    'text/plain': { schema: z.string() },
  },
};

/**
 * `GET /api/esign/:token/pdf`: the contract as a PDF the homeowner can keep before signing
 * (issue 32), linked from the signing page. Public, by token only, like the page.
 */
export function registerUnsignedCopyRoute(app: FastifyInstance, deps: AppDeps): void {
  // Params typed by hand: with the zod provider the reply's type would be the 503's error body,
  // which a PDF is not. Fastify still validates them against the schema below.
  app.get<{ Params: z.infer<typeof signingTokenParams> }>(
    '/api/esign/:token/pdf',
    {
      schema: describeRoute({
        tag: 'Signing (public)',
        summary: 'Download the contract before signing (unsigned PDF)',
        description:
          'The contract exactly as the signing page shows it, every page marked "Unsigned copy", as an attachment. Recorded on the contract\'s timeline. 404 for an unknown or replaced link; 409 once it is signed, declined, withdrawn or expired.',
        caller: 'public',
        params: signingTokenParams,
        success: {
          200: fileAnswer('application/pdf', 'The unsigned contract.'),
          503: unavailableAnswer,
        },
        errors: [404, 409],
      }),
    },
    async (request, reply) => {
      // The link is a secret: no cache keeps the copy, no page it leads to learns the link.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      try {
        const { contractId, pdf } = await printUnsignedCopy(
          deps,
          request.params.token,
          requestClient(request),
        );
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="contract-${contractId}-unsigned.pdf"`,
          )
          .send(pdf);
      } catch (error) {
        if (!(error instanceof UnsignedCopyUnavailableError)) throw error;
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        return sendError(request, reply, 503, error.message);
      }
    },
  );
}
