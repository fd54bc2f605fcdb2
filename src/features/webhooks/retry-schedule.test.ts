import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ATTEMPTS,
  RETRY_JITTER,
  retryDelayMs,
  WEBHOOK_RETRY_DELAYS_MS,
} from './retry-schedule.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the webhook retry schedule', () => {
  it('keeps trying for about 3 days, ten tries in all', () => {
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(2.5 * DAY_MS);
    expect(total).toBeLessThan(3.5 * DAY_MS);
    // Even with every wait at its shortest or longest.
    expect(total * (1 - RETRY_JITTER)).toBeGreaterThan(2 * DAY_MS);
    expect(total * (1 + RETRY_JITTER)).toBeLessThan(3.5 * DAY_MS);
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(10);
  });

  it('waits longer after each failure, starting at 30 s', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS[0]).toBe(30_000);
    for (let i = 1; i < WEBHOOK_RETRY_DELAYS_MS.length; i += 1) {
      expect(WEBHOOK_RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[i - 1]!);
    }
  });

  it('moves each wait by up to 20% either way', () => {
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeCloseTo(36_000, -1);
    // Past the schedule's end, the last wait.
    expect(retryDelayMs(50, () => 0.5)).toBe(DAY_MS);
  });
});
