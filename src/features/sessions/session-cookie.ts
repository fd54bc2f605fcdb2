import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { validateApiKey } from './api-key-session.js';
import { validateSessionToken, type ValidatedSession } from './sessions.service.js';

/** `__Host-` pins the cookie to this exact origin over https (no Domain, Path=/, Secure). */
export function sessionCookieName(config: Pick<Config, 'isHttps'>): string {
  return config.isHttps ? '__Host-session' : 'session';
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'isHttps'>,
  token: string,
  expiresAtMs: number,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isHttps,
    path: '/',
    expires: new Date(expiresAtMs),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'isHttps'>): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isHttps,
    path: '/',
  });
}

const resolved = new WeakMap<FastifyRequest, Promise<ValidatedSession | null>>();

/** The key of `Authorization: Bearer <key>`; an empty string for any other Authorization. */
export function bearerKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

/**
 * The signed-in session of this request, looked up at most once per request. With an
 * Authorization header it is the API key's account and nothing else: the cookie is not read, so
 * a call with a wrong key is refused even from a signed-in browser. Otherwise the cookie's:
 * renews the cookie's expiry when the session was extended, and clears a cookie that no longer
 * names a session.
 */
export function getRequestSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: DB; config: Config },
): Promise<ValidatedSession | null> {
  let pending = resolved.get(request);
  const bearerKey = bearerKeyOf(request);
  if (!pending && bearerKey !== undefined) {
    pending = validateApiKey(deps.db, bearerKey, new Date());
    resolved.set(request, pending);
  }
  if (!pending) {
    const cookieValue = request.cookies[sessionCookieName(deps.config)];
    pending = validateSessionToken(deps.db, cookieValue).then((session) => {
      if (session?.renewed)
        setSessionCookie(reply, deps.config, cookieValue ?? '', session.expiresAtMs);
      if (!session && cookieValue) clearSessionCookie(reply, deps.config);
      return session;
    });
    resolved.set(request, pending);
  }
  return pending;
}
