import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeValidationError } from '../domain/validation-messages.js';
import { AppError } from '../lib/app-error.js';
import { getRequestSession } from '../features/sessions/session-cookie.js';
import type { AppDeps } from '../trpc/context.js';

/** Parses a request part with the call's domain schema; bad input is a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeValidationError(parsed.error));
  return parsed.data;
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const session = await getRequestSession(request, reply, deps);
  if (!session) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return session;
}

/** Who is acting, for audit records. */
export function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/** A Fastify response schema from a zod schema, so replies are serialized fast and never leak extra fields. */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7' });
  return jsonSchema;
}
