import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * A route's serializers with its success answer written as plain JSON, without zod's parse: for
 * an answer the server builds itself, field by field from the schema (toContractSummary), where
 * the parse is only a type check the compiler already made, and cost about as much as the
 * JSON itself on the contracts list after a write (issue 33). Other statuses (errors) keep the
 * app's zod serializer. The schema stays on the route, so the API document does not change.
 */
export function ownSuccessAnswer<Schema>(successStatus: number): FastifySerializerCompiler<Schema> {
  // Fastify hands each status its part of the route's schema: a zod schema, as the app's own
  // serializer compiler expects (src/app/openapi.ts).
  const zodSerializer = serializerCompiler as unknown as FastifySerializerCompiler<Schema>;
  return (route) =>
    String(route.httpStatus) === String(successStatus)
      ? (data: unknown) => JSON.stringify(data)
      : zodSerializer(route);
}
