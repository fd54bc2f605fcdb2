import type { IncomingMessage } from 'node:http';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance } from 'fastify';
import type { AppError } from '../lib/app-error.js';
import { assertJsonDepth } from '../lib/json-body.js';
import { appRouter } from './app-router.js';
import { readRequestContext } from '../features/sessions/request-context.js';
import type { AppDeps } from '../ports/app-deps.js';
import type { Context } from '../trpc/context.js';

/**
 * The tRPC endpoint, /trpc/:path. It does what tRPC's own Fastify plugin does, with one change:
 * the answer is read whole and sent as text, where the plugin hands Fastify a Web `Response`
 * whose body is a stream. A stream made @fastify/compress run a zlib stream per call, the cost
 * docs/decisions/012 removed from the REST routes: about a third of a contracts page's CPU. The web
 * app's `httpBatchLink` reads whole answers anyway; nothing here streams (no subscriptions, no
 * `httpBatchStreamLink`).
 */
export async function registerTrpcRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register((scope, _options, done) => {
    // tRPC parses its own bodies: hand it the JSON text (this scope only).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          assertJsonDepth(String(body));
          done(null, body);
        } catch (error) {
          done(error as AppError, undefined);
        }
      },
    );

    scope.all<{ Params: { path: string }; Querystring: { input?: unknown } }>(
      '/trpc/:path',
      async (request, reply) => {
        // A query's input comes in the URL, as JSON text: held to the same depth as a body.
        if (typeof request.query.input === 'string') assertJsonDepth(request.query.input);
        const incoming: IncomingMessage & { body?: unknown } = request.raw;
        if (request.body !== undefined) incoming.body = request.body;
        const response = await resolveResponse({
          router: appRouter,
          req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
          path: request.params.path,
          error: null,
          createContext: async (): Promise<Context> => ({
            ...deps,
            req: request,
            res: reply,
            ...(await readRequestContext(request, reply, deps)),
          }),
          onError({ error, path }) {
            if (error.code === 'INTERNAL_SERVER_ERROR') {
              request.log.error({ err: error.cause ?? error, path }, 'tRPC call failed');
            }
          },
        });
        reply.code(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        return reply.send(await response.text());
      },
    );
    done();
  });
}
