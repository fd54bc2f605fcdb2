import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestClient } from '../lib/request-client.js';
import type { AppDeps } from '../ports/app-deps.js';
import type { ValidatedSession } from '../ports/session.js';

/**
 * A tRPC procedure's context: the app's parts, the request, and what both transports know about
 * it (src/features/sessions/request-context.ts reads it; src/app/trpc-routes.ts builds this).
 */
export interface Context extends AppDeps {
  req: FastifyRequest;
  res: FastifyReply;
  client: RequestClient;
  session: ValidatedSession | null;
}
