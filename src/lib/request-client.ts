import type { FastifyRequest } from 'fastify';
import { languageOfAcceptLanguage, type Language } from '../domain/i18n/languages.js';

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
 * Fastify works the address out of the proxy headers again at every read of `request.ip`
 * (proxy-addr), and most requests (a list read again) never record it: it is worked out once,
 * when first asked for (issue 33).
 */
export function requestClient(request: FastifyRequest): RequestClient {
  let ip: string | undefined;
  return {
    get ip() {
      return (ip ??= request.ip);
    },
    userAgent: request.headers['user-agent'] ?? '',
  };
}

export function actorOf(user: { email: string }, client: RequestClient): Actor {
  return {
    email: user.email,
    get ip() {
      return client.ip;
    },
    userAgent: client.userAgent,
  };
}

/** Longer user agents are cut before they are stored: enough to tell browsers apart. */
export const STORED_USER_AGENT_MAX = 500;

/** The user agent as a session, an account link or the security log keeps it. */
export function storedUserAgent(userAgent: string): string {
  return userAgent.slice(0, STORED_USER_AGENT_MAX);
}

/** The language the browser asks for first: the account's mails at sign-up (issue 34). */
export function requestLanguage(request: FastifyRequest): Language {
  return languageOfAcceptLanguage(request.headers['accept-language']);
}
