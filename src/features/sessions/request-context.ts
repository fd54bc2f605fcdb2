import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { requestClient } from '../../lib/request-client.js';
import { getRequestSession } from './session-cookie.js';

export {
  actorOf,
  requestClient,
  requestLanguage,
  type Actor,
  type RequestClient,
} from '../../lib/request-client.js';

/**
 * What both transports know about a request (issue 16): its device, and its session when one
 * is signed in. The tRPC context and the REST helpers are both built from this, so a twin pair
 * records the same facts.
 */
export async function readRequestContext(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: DB; config: Config },
) {
  const session = await getRequestSession(request, reply, deps);
  return { client: requestClient(request), session };
}
