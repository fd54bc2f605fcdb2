import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '../../db/kysely.js';
import { QUEUE_NAMES, readQueueDepths } from './queue-depths.repo.js';
import { processRegistry } from './sealed-copy-counter.js';

/** Methods kept as they are; anything else a client invents is "other", so labels stay few. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The sign-in calls: the REST route and its tRPC twin (one name, or several in a batch). */
const SIGN_IN_ROUTE = 'POST /api/auth/login';
const SIGN_IN_PROCEDURE = 'auth.login';

export interface AppMetrics {
  /** Every metric in Prometheus' text format, the queues read from the database just now. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/**
 * The app's metrics (issue 33): requests by route pattern and status with their latency, failed
 * sign-ins, and the depth and age of the mail, document and webhook queues. Labels carry route
 * patterns (`/esign/:token`), never a URL: a signing link's token or an email never reaches them.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { db: DB; clock: () => Date },
): AppMetrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'tradesign_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status; its _count is the number of requests',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signInsFailed = new Counter({
    name: 'tradesign_sign_ins_failed_total',
    help: 'Sign-ins refused: wrong email or password (credentials), or too many tries (throttled)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  signInsFailed.inc({ reason: 'credentials' }, 0);
  signInsFailed.inc({ reason: 'throttled' }, 0);
  const queueDepth = new Gauge({
    name: 'tradesign_queue_depth',
    help: 'Items waiting in a queue (due, waiting to retry, or in progress), all instances together',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'tradesign_queue_oldest_age_seconds',
    help: 'How long the oldest item still waiting in a queue has waited; 0 when it is empty',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  for (const queue of QUEUE_NAMES) {
    queueDepth.set({ queue }, 0);
    queueAge.set({ queue }, 0);
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(no route)';
    const method = METHODS.has(request.method) ? request.method : 'other';
    const status = reply.statusCode;
    requests.observe({ method, route, status }, reply.elapsedTime / 1000);
    if (status === 401 || status === 429) {
      if (isSignIn(request, method, route)) {
        signInsFailed.inc({ reason: status === 401 ? 'credentials' : 'throttled' });
      }
    }
    done();
  });

  const merged = Registry.merge([registry, processRegistry]);
  return {
    contentType: registry.contentType,
    async scrape() {
      const now = deps.clock().getTime();
      for (const { queue, depth, oldestQueuedAt } of await readQueueDepths(deps.db)) {
        queueDepth.set({ queue }, depth);
        const age = oldestQueuedAt === null ? 0 : (now - Date.parse(oldestQueuedAt)) / 1000;
        queueAge.set({ queue }, Math.max(0, age));
      }
      return merged.metrics();
    },
  };
}

function isSignIn(request: FastifyRequest, method: string, route: string): boolean {
  if (`${method} ${route}` === SIGN_IN_ROUTE) return true;
  if (route !== '/trpc/:path') return false;
  const { path } = request.params as { path?: string };
  return path?.split(',').includes(SIGN_IN_PROCEDURE) ?? false;
}
