import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, INTERNAL_ERROR_MESSAGE } from './app-error.js';

/**
 * One error handler for the REST facade and static routes (tRPC formats its own errors).
 * Bodies are short text because the spec's client shows "status: body".
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.httpStatus).type('text/plain; charset=utf-8').send(error.message);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, too large, wrong content type) have safe, useful messages.
      return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).type('text/plain; charset=utf-8').send(INTERNAL_ERROR_MESSAGE);
  });
}
