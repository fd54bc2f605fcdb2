import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/kysely.js';
import { pruneAccountTokens } from './features/account-tokens/account-tokens.service.js';
import { pruneRateLimits } from './features/rate-limit/rate-limit.js';
import { pruneExpiredSessions } from './features/sessions/sessions.service.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly housekeeping: expired sessions, stale rate-limit counters, and account links 30 days past
 * their expiry. Returns a stop function.
 */
export function startMaintenance(
  db: DB,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
): () => void {
  const run = () => {
    const now = clock();
    Promise.all([
      pruneExpiredSessions(db, now.getTime()),
      pruneRateLimits(db, now.getTime()),
      pruneAccountTokens(db, now),
    ]).catch((error: unknown) => log.warn({ err: error }, 'maintenance failed'));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
