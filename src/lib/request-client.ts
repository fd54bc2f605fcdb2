import type { FastifyRequest } from 'fastify';

/** The device a request comes from, as the audit trail records it. */
export interface RequestClient {
  ip: string;
  userAgent: string;
}

/** Who is acting, for audit records: the signed-in contractor on their device. */
export interface Actor extends RequestClient {
  email: string;
}

export function requestClient(request: FastifyRequest): RequestClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function actorOf(user: { email: string }, client: RequestClient): Actor {
  return { email: user.email, ip: client.ip, userAgent: client.userAgent };
}
