import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { sendError } from '../../lib/error-handler.js';
import type { WorkerMonitor } from '../../lib/worker-ticks.js';
import { registerMetrics } from './metrics.js';
import { checkReadiness } from './readiness.js';

export interface OpsDeps {
  config: Pick<Config, 'METRICS_TOKEN'>;
  db: DB;
  clock: () => Date;
  /** The workers' ticks; src/server.ts starts the workers and reports to it. */
  workers: WorkerMonitor;
}

/**
 * For whoever runs the app (issue 33, README "Health and metrics"): /healthz (the process
 * answers), /readyz (it should get visitors) and, with METRICS_TOKEN, /metrics. GETs outside
 * /api, so no rate limit or Origin check stands in a load balancer's way, and none is in the
 * OpenAPI document. Register before the other routes: the request metrics see every route.
 */
export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const noStore = { 'cache-control': 'no-store' };
  // A load balancer asks every few seconds and a scraper every few more: a line each would bury
  // the log. A database that fails the readiness check is still logged, as a warning.
  const quiet = { logLevel: 'warn' } as const;

  // No database work: it says only that this process takes requests and answers them.
  app.get('/healthz', quiet, async (_request, reply) => {
    return reply.headers(noStore).send({ status: 'ok' });
  });

  app.get('/readyz', quiet, async (request, reply) => {
    const { ready, checks } = await checkReadiness(deps.db, deps.workers, (error) =>
      request.log.warn({ err: error }, 'readiness: the database check failed'),
    );
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });

  const token = deps.config.METRICS_TOKEN;
  const metrics = token ? registerMetrics(app, deps) : null;
  app.get('/metrics', quiet, async (request, reply) => {
    // Off, it is as if there were no such page.
    if (!metrics || !token) return sendError(request, reply, 404, 'Not found');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(request, reply, 401, 'Send Authorization: Bearer <METRICS_TOKEN>');
    }
    const text = await metrics.scrape();
    return reply.headers(noStore).type(metrics.contentType).send(text);
  });
}

/** Compared in constant time, on digests so that the lengths match and leak nothing either. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
