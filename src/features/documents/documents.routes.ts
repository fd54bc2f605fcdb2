import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { executedCopyStatusSchema } from '../../domain/executed-copy.schemas.js';
import { findExecutedPdf, findOwnedExecutedPdf } from './documents.repo.js';
import { getExecutedCopyStatus, retryExecutedCopy } from './executed-copy.service.js';
import { resolveSigningLink } from '../esign/signing-link-resolution.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, fileAnswer } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { signingTokenParams } from '../esign/esign.routes.js';
import { registerUnsignedCopyRoute } from './unsigned-copy.routes.js';

const NO_PDF = 'The executed copy is not ready yet';
const params = z.object({ id: contractIdSchema });
const pdfAnswer = fileAnswer('application/pdf', 'The sealed executed copy.');

function sendPdf(reply: FastifyReply, pdf: Uint8Array, contractId: number) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="contract-${contractId}-executed.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}

/**
 * Downloads of the sealed executed copy: the contractor's, and the client's through the link; and
 * the client's unsigned copy before signing.
 */
export function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);
  const copyRoute = { tag: 'Executed copy', caller: 'contractor', params } as const;

  api.get(
    '/api/contracts/:id/executed.pdf',
    {
      preValidation,
      schema: describeRoute({
        ...copyRoute,
        summary: 'Download the sealed PDF',
        description:
          '404 until both parties have signed and the PDF is made (the contract.completed webhook says when).',
        success: { 200: pdfAnswer },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const document = await findOwnedExecutedPdf(
        deps.db,
        contractorOf(request).user.companyId,
        id,
      );
      if (!document) throw new AppError('NOT_FOUND', NO_PDF);
      return sendPdf(reply, document.pdf, id);
    },
  );

  api.get(
    '/api/contracts/:id/executed-copy',
    {
      preValidation,
      schema: describeRoute({
        ...copyRoute,
        summary: 'Whether the executed copy is ready',
        success: { 200: executedCopyStatusSchema },
        errors: [404],
      }),
    },
    async (request) =>
      getExecutedCopyStatus(deps.db, contractorOf(request).user.companyId, request.params.id),
  );

  api.post(
    '/api/contracts/:id/executed-copy/retry',
    {
      preValidation,
      schema: describeRoute({
        ...copyRoute,
        summary: 'Make the executed copy again after a failure',
        success: { 200: executedCopyStatusSchema },
        errors: [404, 409],
      }),
    },
    async (request) =>
      retryExecutedCopy(deps.db, contractorOf(request).user.companyId, request.params.id),
  );

  api.get(
    '/api/esign/:token/executed.pdf',
    {
      schema: describeRoute({
        tag: 'Signing (public)',
        summary: "The client's download of the sealed PDF",
        caller: 'public',
        params: signingTokenParams,
        success: { 200: pdfAnswer },
        errors: [404],
      }),
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.params;
      const { contract } = await resolveSigningLink(deps.db, deps.config, token, deps.clock());
      const document = await findExecutedPdf(deps.db, contract.id);
      if (!document) throw new AppError('NOT_FOUND', NO_PDF);
      return sendPdf(reply, document.pdf, contract.id);
    },
  );

  registerUnsignedCopyRoute(app, deps);
}
