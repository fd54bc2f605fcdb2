import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart form a route reads itself: documented as its request body. */
    documentedForm?: z.ZodType;
    /**
     * Called by another service, never a browser, and proven by its own signature (Stripe's
     * events): no Origin check (src/lib/security.ts).
     */
    signedByCaller?: boolean;
  }
}

/**
 * How a REST route describes itself: one object that Fastify validates with (through the zod type
 * provider, src/app/openapi.ts) and that /api/openapi.json is generated from, so the document
 * cannot drift from what the route accepts and answers (issue 19, docs/decisions/026).
 */

/** The machine-readable codes of an error answer: the HTTP status, named. */
export const apiErrorCodes = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL',
  502: 'BAD_GATEWAY',
} as const;

export type ApiErrorStatus = keyof typeof apiErrorCodes;

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.values(apiErrorCodes)),
      message: z.string().meta({ description: 'One short line a person can act on.' }),
    }),
  })
  .meta({
    id: 'ApiError',
    description:
      'Sent when the request asks for JSON (Accept: application/json); otherwise the answer is the message alone, as text/plain.',
  });

const errorMeaning: Record<ApiErrorStatus, string> = {
  400: 'The input is invalid; the message names the field.',
  401: 'Not signed in: "Please sign in" when the call has no credentials, "Invalid API key" when its key is wrong, revoked or malformed.',
  403: 'Refused: a cross-origin browser request, or a call an API key may not make.',
  404: 'Not found, or not yours.',
  409: 'The contract is not in a state that allows this.',
  413: 'The body or file is too large.',
  415: 'The content type is not accepted.',
  429: 'Too many requests; wait the seconds in Retry-After.',
  500: 'Something went wrong on our side.',
  502: 'A service the call needs (Stripe) could not be reached or failed; try again.',
};

function errorAnswer(status: ApiErrorStatus) {
  return {
    description: errorMeaning[status],
    content: {
      'application/json': { schema: apiErrorSchema },
      'text/plain': { schema: z.string() },
    },
  };
}

/** Who may call a route, as the document's security requirement says it. */
type Caller = 'contractor' | 'public';

const contractorSecurity: Record<string, string[]>[] = [{ apiKey: [] }, { sessionCookie: [] }];

interface RouteDescription<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Success extends Record<number, unknown>,
> {
  tag: string;
  summary: string;
  description?: string;
  caller: Caller;
  params?: Params;
  querystring?: Query;
  body?: Body;
  /** Success answers by status: a zod schema for JSON, or a content map for files. */
  success: Success;
  /** Errors beyond those every route of its kind can answer (400 for input, 401, 429, 500). */
  errors?: readonly ApiErrorStatus[];
}

/**
 * A route's Fastify schema. Errors every route can give are added here: 400 when it takes input,
 * 401 for a contractor's route, 429 and 500 always.
 */
export function describeRoute<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Success extends Record<number, unknown> = Record<number, unknown>,
>(route: RouteDescription<Params, Query, Body, Success>) {
  const takesInput = Boolean(route.params ?? route.querystring ?? route.body);
  const statuses = new Set<ApiErrorStatus>([
    ...(takesInput ? [400 as const] : []),
    ...(route.caller === 'contractor' ? [401 as const] : []),
    ...(route.errors ?? []),
    429,
    500,
  ]);
  const errors = Object.fromEntries([...statuses].sort().map((s) => [s, errorAnswer(s)]));
  // Parts a route does not take are left out, not set to undefined: Fastify warns at start
  // (FSTWRN001) for a schema key that is present but empty.
  const parts = Object.fromEntries(
    (['params', 'querystring', 'body'] as const)
      .filter((part) => route[part] !== undefined)
      .map((part) => [part, route[part]]),
  ) as { params: Params; querystring: Query; body: Body };
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.caller === 'contractor' ? contractorSecurity : [],
    ...parts,
    response: { ...errors, ...describeSuccess(route.success) } as Success,
  };
}

const successMeaning: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** Names each success answer in the document (instead of the generator's "Default Response"). */
function describeSuccess(success: Record<number, unknown>) {
  return Object.fromEntries(
    Object.entries(success).map(([status, answer]) => [
      status,
      answer instanceof z.ZodType
        ? answer.meta({ 'x-response-description': successMeaning[Number(status)] ?? 'Success' })
        : answer,
    ]),
  );
}

/** A file answer (the executed PDF), documented as binary. */
export function fileAnswer(contentType: string, description: string) {
  return {
    description,
    content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
  };
}

/** The answer of a call that only does something: sign out, delete, revoke. */
export const doneAnswerSchema = z.object({ ok: z.literal(true) });
