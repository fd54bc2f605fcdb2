import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/kysely.js';
import { pruneRateLimits } from './features/rate-limit/rate-limit.js';
import { pruneExpiredSessions } from './features/sessions/sessions.service.js';

const HOUR_MS = 60 * 60 * 1000;

/** Hourly housekeeping: expired sessions and stale rate-limit counters. Returns a stop function. */
export function startMaintenance(db: DB, log: FastifyBaseLogger): () => void {
  const run = () => {
    Promise.all([pruneExpiredSessions(db), pruneRateLimits(db)]).catch((error: unknown) =>
      log.warn({ err: error }, 'maintenance failed'),
    );
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
