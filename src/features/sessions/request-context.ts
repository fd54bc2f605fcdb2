import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { getRequestSession } from './session-cookie.js';

/** The device a request comes from, as the audit trail records it. */
export interface RequestClient {
  ip: string;
  userAgent: string;
}

/** Who is acting, for audit records: the signed-in contractor on their device. */
export interface Actor extends RequestClient {
  email: string;
}

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

export function requestClient(request: FastifyRequest): RequestClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function actorOf(user: { email: string }, client: RequestClient): Actor {
  return { email: user.email, ip: client.ip, userAgent: client.userAgent };
}
