import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { AppError } from '../../lib/app-error.js';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * One attempt counted: a new window when the key's last one ended at `windowEndedBy` or before.
 * Built once (docs/decisions/013): every signing page's opening and every sign-in runs it.
 */
const countAttempt = preparedQuery(
  (db, params: { key: string; nowMs: number; windowEndedBy: number }) => {
    const windowExpired = sql<boolean>`rate_limits.window_started_at_ms <= ${params.windowEndedBy}`;
    return db
      .insertInto('rate_limits')
      .values({ key: params.key, window_started_at_ms: params.nowMs, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN ${windowExpired} THEN 1 ELSE rate_limits.hits + 1 END`,
          window_started_at_ms: sql<number>`CASE WHEN ${windowExpired} THEN ${params.nowMs} ELSE rate_limits.window_started_at_ms END`,
        }),
      )
      .returning(['hits', 'window_started_at_ms']);
  },
);

/**
 * Fixed-window counters kept in SQLite, so limits survive restarts and would hold across several
 * app instances (docs/architecture.md). One upsert per attempt: no read-then-write race.
 */
export async function hitRateLimit(
  db: DbOrTrx,
  key: string,
  rule: RateLimitRule,
  nowMs: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number; hits: number }> {
  const [row] = await countAttempt(db, { key, nowMs, windowEndedBy: nowMs - rule.windowMs });
  if (!row) throw new Error('the rate-limit upsert returned no row');
  const retryAfterMs = row.window_started_at_ms + rule.windowMs - nowMs;
  return {
    hits: row.hits,
    allowed: row.hits <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}

/**
 * Counts one attempt against every key at `now` (the service's clock, so tests move time rather
 * than wait for a window to end); throws TOO_MANY_REQUESTS when any is over its limit.
 */
export async function enforceRateLimits(
  db: DbOrTrx,
  checks: { key: string; rule: RateLimitRule }[],
  now: Date,
  message = 'Too many attempts. Please wait a few minutes and try again.',
): Promise<void> {
  let retryAfterSeconds = 0;
  for (const check of checks) {
    const result = await hitRateLimit(db, check.key, check.rule, now.getTime());
    if (!result.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) throw new AppError('TOO_MANY_REQUESTS', message, retryAfterSeconds);
}

/** Drops counters whose window ended more than a day ago. */
export async function pruneRateLimits(db: DbOrTrx, nowMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_started_at_ms', '<', nowMs - 24 * 60 * 60 * 1000)
    .execute();
}
