import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { bearerKeyOf } from '../sessions/session-cookie.js';

/**
 * The cookie of a sign-in waiting for its code, made like the session cookie
 * (src/features/sessions/session-cookie.ts): httpOnly, SameSite=Lax, `__Host-` and Secure over
 * https, and its POST Origin-checked like every other. It holds an account token of purpose
 * `two_factor_login`; nothing reads it but the second step, so it opens nothing else.
 */
export function pendingSignInCookieName(config: Pick<Config, 'isHttps'>): string {
  return config.isHttps ? '__Host-sign-in-pending' : 'sign-in-pending';
}

const attributes = (config: Pick<Config, 'isHttps'>) =>
  ({ httpOnly: true, sameSite: 'lax', secure: config.isHttps, path: '/' }) as const;

export function setPendingSignInCookie(
  reply: FastifyReply,
  config: Pick<Config, 'isHttps'>,
  token: string,
  expiresAt: string,
): void {
  reply.setCookie(pendingSignInCookieName(config), token, {
    ...attributes(config),
    expires: new Date(expiresAt),
  });
}

export function clearPendingSignInCookie(reply: FastifyReply, config: Pick<Config, 'isHttps'>) {
  reply.clearCookie(pendingSignInCookieName(config), attributes(config));
}

/**
 * The pending sign-in's token. A call with an Authorization header reads no cookie, as for the
 * session (its Origin is not checked, so a cookie must not count for it).
 */
export function pendingSignInTokenOf(
  request: FastifyRequest,
  config: Pick<Config, 'isHttps'>,
): string | undefined {
  if (bearerKeyOf(request) !== undefined) return undefined;
  return request.cookies[pendingSignInCookieName(config)];
}
