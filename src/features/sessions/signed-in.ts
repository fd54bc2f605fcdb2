import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { actorOf, readRequestContext } from './request-context.js';
import { bearerKeyOf } from './session-cookie.js';
import type { AppDeps } from '../../ports/app-deps.js';

/**
 * The signed-in contractor of a REST call, with their device and the actor their changes are
 * recorded under: the same request context the tRPC procedures get. A call that sent a key is
 * told the key is wrong: "Please sign in" would send an integrator looking for a sign-in page.
 */
async function requireUser(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const { session, client } = await readRequestContext(request, reply, deps);
  if (!session) {
    const sentKey = bearerKeyOf(request) !== undefined;
    throw new AppError('UNAUTHORIZED', sentKey ? 'Invalid API key' : 'Please sign in');
  }
  return { ...session, client, actor: actorOf(session.user, client) };
}

export type RestSession = Awaited<ReturnType<typeof requireUser>>;

const sessions = new WeakMap<FastifyRequest, RestSession>();

/**
 * A contractor route's preValidation hook: the caller is known before the input is checked, so a
 * stranger gets 401, never a message about a body they may not send.
 */
export function signedIn(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    sessions.set(request, await requireUser(request, reply, deps));
  };
}

/** The session the route's `signedIn` hook found. */
export function contractorOf(request: FastifyRequest): RestSession {
  const session = sessions.get(request);
  if (!session) throw new Error(`${request.routeOptions.url} reads a session without signedIn`);
  return session;
}
