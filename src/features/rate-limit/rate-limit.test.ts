import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/kysely.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { AppError } from '../../lib/app-error.js';
import {
  enforceRateLimits,
  hitRateLimit,
  pruneRateLimits,
  type RateLimitRule,
} from './rate-limit.js';

const rule: RateLimitRule = { limit: 3, windowMs: 60_000 };
const start = 1_800_000_000_000;

describe('rate limits in the database', () => {
  let dir: string;
  let database: TestDatabase;
  let db: DB;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-rate-'));
    database = await createTestDatabase(dir);
    db = database.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function hitsOf(key: string) {
    return db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  }

  it('counts attempts and blocks past the limit', async () => {
    const key = 'test:count';
    const results = [];
    for (let i = 0; i < 5; i += 1)
      results.push(await hitRateLimit(db, key, rule, start + i * 1000));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false]);
    expect(await hitsOf(key)).toEqual({ key, window_started_at_ms: start, hits: 5 });
  });

  it('tells how long until the window ends, in whole seconds, at least 1', async () => {
    const key = 'test:retry';
    const first = await hitRateLimit(db, key, rule, start);
    expect(first.retryAfterSeconds).toBe(60);
    await hitRateLimit(db, key, rule, start + 10_000);
    await hitRateLimit(db, key, rule, start + 20_000);
    const blocked = await hitRateLimit(db, key, rule, start + 20_500);
    expect(blocked.allowed).toBe(false);
    // 39.5 s left: rounded up so a client that waits that long is let in.
    expect(blocked.retryAfterSeconds).toBe(40);
    const lastMoment = await hitRateLimit(db, key, rule, start + 59_999);
    expect(lastMoment.allowed).toBe(false);
    expect(lastMoment.retryAfterSeconds).toBe(1);
  });

  it('starts a new window once the old one has passed', async () => {
    const key = 'test:reset';
    for (let i = 0; i < 4; i += 1) await hitRateLimit(db, key, rule, start + i);
    expect((await hitRateLimit(db, key, rule, start + 59_000)).allowed).toBe(false);

    const fresh = await hitRateLimit(db, key, rule, start + 60_000);
    expect(fresh.allowed).toBe(true);
    expect(fresh.retryAfterSeconds).toBe(60);
    expect(await hitsOf(key)).toEqual({ key, window_started_at_ms: start + 60_000, hits: 1 });
    expect((await hitRateLimit(db, key, rule, start + 61_000)).allowed).toBe(true);
    expect((await hitRateLimit(db, key, rule, start + 62_000)).allowed).toBe(true);
    expect((await hitRateLimit(db, key, rule, start + 63_000)).allowed).toBe(false);
  });

  it('keeps keys apart', async () => {
    for (let i = 0; i < 3; i += 1) await hitRateLimit(db, 'test:a', rule, start);
    expect((await hitRateLimit(db, 'test:a', rule, start)).allowed).toBe(false);
    expect((await hitRateLimit(db, 'test:b', rule, start)).allowed).toBe(true);
  });

  it('enforceRateLimits throws TOO_MANY_REQUESTS with Retry-After once any key is over', async () => {
    const checks = [
      { key: 'test:enforce:ip', rule: { limit: 5, windowMs: 60_000 } },
      { key: 'test:enforce:email', rule: { limit: 2, windowMs: 30_000 } },
    ];
    const now = new Date(start);
    await enforceRateLimits(db, checks, now);
    await enforceRateLimits(db, checks, now);
    const error = await enforceRateLimits(db, checks, now).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('TOO_MANY_REQUESTS');
    expect(appError.httpStatus).toBe(429);
    expect(appError.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(appError.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('prunes counters whose window ended more than a day ago', async () => {
    const day = 24 * 60 * 60 * 1000;
    await hitRateLimit(db, 'test:old', rule, start - 2 * day);
    await hitRateLimit(db, 'test:recent', rule, start - 60_000);
    await pruneRateLimits(db, start);
    expect(await hitsOf('test:old')).toBeUndefined();
    expect(await hitsOf('test:recent')).toBeDefined();
  });

  it('counts every attempt once when two instances hit the same key at the same moment', async () => {
    const other = database.connectAgain();
    const key = 'test:two-instances';
    const wide: RateLimitRule = { limit: 1000, windowMs: 60_000 };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        hitRateLimit(i % 2 === 0 ? db : other, key, wide, start + 1000),
      ),
    );
    expect((await hitsOf(key))?.hits).toBe(40);
  });
});
