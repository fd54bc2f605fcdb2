import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

type HttpLimits = Pick<
  Config,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
>;

/**
 * Deadlines for a client that is slow on purpose (issue 15): headers must arrive within the
 * header timeout and the whole request within the request timeout, or Node answers 408 and
 * hangs up; an idle keep-alive connection is closed after the keep-alive timeout. Node checks
 * the first two on a timer, every 30 s by default; checking every second (or sooner for short
 * deadlines) keeps a deadline within a second of what is configured.
 */
export function httpServerOptions(limits: HttpLimits): {
  http: ServerOptions;
  requestTimeout: number;
  keepAliveTimeout: number;
} {
  return {
    http: {
      headersTimeout: limits.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
    requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: limits.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

const DROP_LOG_INTERVAL_MS = 60_000;

/**
 * At most `max` open connections: past it Node closes new ones at once. A flood must not fill
 * the log, so the refusal is logged once a minute at most.
 */
export function capConnections(app: FastifyInstance, max: number): void {
  app.server.maxConnections = max;
  let lastLoggedAt = 0;
  app.server.on('drop', () => {
    const now = Date.now();
    if (now - lastLoggedAt < DROP_LOG_INTERVAL_MS) return;
    lastLoggedAt = now;
    app.log.warn(
      `connection limit reached (HTTP_MAX_CONNECTIONS=${max}): refusing new connections`,
    );
  });
}
