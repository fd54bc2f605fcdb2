import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { executedCopyStatusSchema } from '../../domain/executed-copy.schemas.js';
import { findExecutedPdf, findOwnedExecutedPdf } from './documents.repo.js';
import { getExecutedCopyStatus, retryExecutedCopy } from './executed-copy.service.js';
import { resolveSigningLink } from '../esign/esign.service.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

const NO_PDF = 'The executed copy is not ready yet';

function sendPdf(reply: FastifyReply, pdf: Uint8Array, contractId: number) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="contract-${contractId}-executed.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}

/** Downloads of the sealed executed copy: the contractor's, and the client's through the link. */
export function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/contracts/:id/executed.pdf', async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(z.object({ id: contractIdSchema }), request.params);
    const document = await findOwnedExecutedPdf(deps.db, session.user.id, id);
    if (!document) throw new AppError('NOT_FOUND', NO_PDF);
    return sendPdf(reply, document.pdf, id);
  });

  app.get(
    '/api/contracts/:id/executed-copy',
    { schema: { response: { 200: responseSchema(executedCopyStatusSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const { id } = parseInput(z.object({ id: contractIdSchema }), request.params);
      return getExecutedCopyStatus(deps.db, session.user.id, id);
    },
  );

  app.post(
    '/api/contracts/:id/executed-copy/retry',
    { schema: { response: { 200: responseSchema(executedCopyStatusSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const { id } = parseInput(z.object({ id: contractIdSchema }), request.params);
      return retryExecutedCopy(deps.db, session.user.id, id);
    },
  );

  app.get('/api/esign/:token/executed.pdf', async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    const { token } = parseInput(z.object({ token: z.string().max(100) }), request.params);
    const { contract } = await resolveSigningLink(deps.db, deps.config, token, deps.clock());
    const document = await findExecutedPdf(deps.db, contract.id);
    if (!document) throw new AppError('NOT_FOUND', NO_PDF);
    return sendPdf(reply, document.pdf, contract.id);
  });
}
