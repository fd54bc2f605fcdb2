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
 * when first asked for (issue 33). A class, so the lazy getter sits on one prototype: a getter
 * in an object literal gave every request an object of its own shape, which the profile showed
 * costing a list read about 5 µs.
 */
class LazyRequestClient implements RequestClient {
  #ip: string | undefined;
  readonly #request: FastifyRequest;
  readonly userAgent: string;

  constructor(request: FastifyRequest) {
    this.#request = request;
    this.userAgent = request.headers['user-agent'] ?? '';
  }

  get ip(): string {
    return (this.#ip ??= this.#request.ip);
  }

  /** Written out (a log line, a test's comparison) as the plain facts it stands for. */
  toJSON(): RequestClient {
    return { ip: this.ip, userAgent: this.userAgent };
  }
}

export function requestClient(request: FastifyRequest): RequestClient {
  return new LazyRequestClient(request);
}

class ActingClient implements Actor {
  readonly #client: RequestClient;
  readonly userAgent: string;

  constructor(
    readonly email: string,
    client: RequestClient,
  ) {
    this.#client = client;
    this.userAgent = client.userAgent;
  }

  get ip(): string {
    return this.#client.ip;
  }

  toJSON(): Actor {
    return { email: this.email, ip: this.ip, userAgent: this.userAgent };
  }
}

export function actorOf(user: { email: string }, client: RequestClient): Actor {
  return new ActingClient(user.email, client);
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
