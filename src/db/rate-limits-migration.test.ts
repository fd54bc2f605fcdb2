import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit } from '../features/rate-limit/rate-limit.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { migrationProvider, migrations } from './migrate.js';

/**
 * 202612080100_rate_limits_without_rowid (issue 33): on SQLite the counters move to a WITHOUT
 * ROWID table and back, keeping every count, so a limit in force stays in force; on PostgreSQL
 * the migration changes nothing.
 */
const PREVIOUS = '202612070100_offline_drafts';
const LATEST = Object.keys(migrations).at(-1) ?? '';
const KEY = 'sign-in:ip:203.0.113.7';
const RULE = { limit: 50, windowMs: 15 * 60 * 1000 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function migrateTo(name: string) {
  const { error } = await new Migrator({ db: t.db, provider: migrationProvider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

/** SQLite's own definition of the table; null on PostgreSQL. */
async function sqliteDefinition() {
  if (t.engine === 'postgres') return null;
  return t.sql.value<string>("SELECT sql FROM sqlite_master WHERE name = 'rate_limits'");
}

describe('the rate limits migration', () => {
  it('keeps an address over its limit blocked across the step up and down', async () => {
    await migrateTo(PREVIOUS);
    const nowMs = Date.now();
    await t.sql.run(
      'INSERT INTO rate_limits (key, window_started_at_ms, hits) VALUES (?, ?, ?)',
      KEY,
      nowMs,
      RULE.limit,
    );
    await migrateTo(LATEST);
    if (t.engine === 'sqlite') expect(await sqliteDefinition()).toMatch(/WITHOUT ROWID/i);
    expect((await hitRateLimit(t.db, KEY, RULE, nowMs + 1_000)).allowed).toBe(false);

    await migrateTo(PREVIOUS);
    if (t.engine === 'sqlite') expect(await sqliteDefinition()).not.toMatch(/WITHOUT ROWID/i);
    const kept = await hitRateLimit(t.db, KEY, RULE, nowMs + 2_000);
    expect(kept).toMatchObject({ allowed: false, hits: RULE.limit + 2 });
    await migrateTo(LATEST);
    // A new window starts as before.
    expect((await hitRateLimit(t.db, KEY, RULE, nowMs + RULE.windowMs + 1)).hits).toBe(1);
  });
});
