import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeValidationError } from '../domain/validation-messages.js';
import { AppError } from '../lib/app-error.js';
import { actorOf, readRequestContext } from '../features/sessions/request-context.js';
import type { AppDeps } from '../trpc/context.js';

/** Parses a request part with the call's domain schema; bad input is a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeValidationError(parsed.error));
  return parsed.data;
}

/**
 * The signed-in contractor of a REST call, with their device and the actor their changes are
 * recorded under: the same request context the tRPC procedures get.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const { session, client } = await readRequestContext(request, reply, deps);
  if (!session) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return { ...session, client, actor: actorOf(session.user, client) };
}

/** A Fastify response schema from a zod schema, so replies are serialized fast and never leak extra fields. */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7' });
  return jsonSchema;
}
