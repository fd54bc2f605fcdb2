/**
 * When a failed webhook is tried again (docs/decisions/025): fast at first, for a receiver that
 * restarted, then hours apart, for one that is down for a weekend; about 3 days in all, then
 * the delivery fails for good. Each wait moves by up to 20% either way, so the deliveries of an
 * outage do not all come back at the same second.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The wait after the n-th failed try (index n - 1). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  2 * MINUTE_MS,
  10 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  24 * HOUR_MS,
  24 * HOUR_MS,
];

/** The first try and one after each wait. */
export const MAX_WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

export const RETRY_JITTER = 0.2;

/** The wait after `attempts` failed tries; `random` in [0, 1) picks the jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1;
  const base = WEBHOOK_RETRY_DELAYS_MS[index] ?? WEBHOOK_RETRY_DELAYS_MS[0]!;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}
