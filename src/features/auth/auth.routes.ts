import type { FastifyInstance } from 'fastify';
import {
  currentUserSchema,
  loginInputSchema,
  signupInputSchema,
} from '../../domain/auth.schemas.js';
import { logIn, logOut, signUp } from './auth.service.js';
import {
  clearSessionCookie,
  getRequestSession,
  setSessionCookie,
} from '../sessions/session-cookie.js';
import { requestClient } from '../sessions/request-context.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

/** The auth calls. Thin: parse, call the service, answer. */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const userAnswer = { response: { 200: responseSchema(currentUserSchema) } };

  app.get('/api/auth/user', { schema: userAnswer }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    return { user: { email: session.user.email } };
  });

  app.post('/api/auth/signup', { schema: userAnswer }, async (request, reply) => {
    const input = parseInput(signupInputSchema, request.body);
    const signedIn = await signUp(deps.db, input, requestClient(request));
    setSessionCookie(reply, deps.config, signedIn.session.token, signedIn.session.expiresAtMs);
    return { user: { email: signedIn.user.email } };
  });

  app.post('/api/auth/login', { schema: userAnswer }, async (request, reply) => {
    const input = parseInput(loginInputSchema, request.body);
    const signedIn = await logIn(deps, input, requestClient(request));
    setSessionCookie(reply, deps.config, signedIn.session.token, signedIn.session.expiresAtMs);
    return { user: { email: signedIn.user.email } };
  });

  // Signing out when already signed out is not an error: the outcome is the same.
  app.post('/api/auth/logout', async (request, reply) => {
    const session = await getRequestSession(request, reply, deps);
    await logOut(deps.db, session?.sessionId);
    clearSessionCookie(reply, deps.config);
    return { ok: true };
  });
}
