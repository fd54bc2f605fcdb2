import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorCodes, type ApiErrorStatus } from '../rest/api-schema.js';
import { AppError, INTERNAL_ERROR_MESSAGE } from './app-error.js';

// A client naming JSON gets JSON; wildcards and no Accept get text, as the spec's client reads.
const formats = new Negotiator({ supportedValues: ['application/json', 'text/plain'] });

function codeOf(status: number): string {
  return apiErrorCodes[status as ApiErrorStatus] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/**
 * Sends an error answer. The body is the message as short text, because the spec's client shows
 * "status: body"; a caller that asks for JSON (Accept: application/json, as most API clients do)
 * gets {error: {code, message}} instead (docs/decisions/026).
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) {
  reply.code(status);
  const accept = request.headers.accept;
  if (accept && formats.negotiate(accept) === 'application/json') {
    return reply
      .type('application/json; charset=utf-8')
      .send({ error: { code: codeOf(status), message } });
  }
  return reply.type('text/plain; charset=utf-8').send(message);
}

/** One error handler for the REST facade and static routes (tRPC formats its own errors). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      // A service we called failed (Stripe): the answer says to try again; the log says why, by
      // the error's name and message only (a library's error object may carry request headers).
      if (error.httpStatus >= 500 && error.cause instanceof Error) {
        request.log.error({ cause: `${error.cause.name}: ${error.cause.message}` }, error.message);
      }
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(request, reply, error.httpStatus, error.message);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, too large, wrong content type) have safe, useful messages.
      return sendError(request, reply, status, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 500, INTERNAL_ERROR_MESSAGE);
  });
}
