import { insertPerson } from '../../test/people.js';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAccountLock } from '../../db/account-lock.js';
import type { DB } from '../../db/kysely.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import {
  consumeAccountToken,
  inspectAccountToken,
  issueAccountToken,
  pruneAccountTokens,
  type IssueAccountTokenInput,
} from './account-tokens.service.js';

/**
 * Account links (issue 34, docs/decisions/041): single use however requests race, the older link
 * dead once a newer one is asked for, dead after their time, and each refusal says which.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const T0 = new Date('2026-12-01T09:00:00.000Z');
const client = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };

let dir: string;
let database: TestDatabase;
let db: DB;
let nextUser = 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-account-tokens-'));
  database = await createTestDatabase(dir);
  db = database.db;
  await migrateToLatest(db);
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newUser(): Promise<number> {
  nextUser += 1;
  const row = await insertPerson(db, {
    email: `tokens${nextUser}@example.com`,
    created_at: T0.toISOString(),
  });
  return row.id;
}

/** As a route issues it: under the account's lock, with whatever else the request writes. */
function issue(userId: number, extra: Partial<IssueAccountTokenInput> = {}) {
  return inAccountLock(db, userId, (trx) =>
    issueAccountToken(trx, {
      userId,
      purpose: 'password_reset',
      ttlMs: HOUR_MS,
      client,
      now: T0,
      ...extra,
    }),
  );
}

const consume = (token: string, now = T0) =>
  db
    .transaction()
    .execute((trx) => consumeAccountToken(trx, { purpose: 'password_reset', token, now }));

async function liveTokensOf(userId: number) {
  return db
    .selectFrom('account_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

describe('account tokens', () => {
  it('give 256 random bits as 43 URL-safe characters, and keep only their SHA-256', async () => {
    const userId = await newUser();
    const { token, expiresAt } = await issue(userId, { data: { new_email: 'new@example.com' } });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe('2026-12-01T10:00:00.000Z');
    const row = await db
      .selectFrom('account_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.token_hash)).toEqual(createHash('sha256').update(token).digest());
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ purpose: 'password_reset', ip: client.ip });
    expect(row.user_agent).toBe(client.userAgent);
  });

  it('work once: the second use is told the link was used', async () => {
    const userId = await newUser();
    const { token } = await issue(userId, { data: { new_email: 'new@example.com' } });
    expect(await consume(token)).toMatchObject({
      ok: true,
      userId,
      data: { new_email: 'new@example.com' },
    });
    expect(await consume(token)).toEqual({ ok: false, reason: 'used' });
  });

  it('work once when two requests spend the same token at the same moment', async () => {
    const userId = await newUser();
    const { token } = await issue(userId);
    // On PostgreSQL each runs on its own pooled connection, truly at once; SQLite runs them one
    // after the other on its one connection, as the server does.
    const results = await Promise.all([consume(token), consume(token)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: 'used' });
  });

  it('stop working once a newer one is issued, and say so', async () => {
    const userId = await newUser();
    const first = await issue(userId);
    const second = await issue(userId, { now: new Date(T0.getTime() + 60_000) });
    expect(await consume(first.token)).toEqual({ ok: false, reason: 'replaced' });
    expect(await consume(second.token)).toMatchObject({ ok: true, userId });
  });

  it('leave one live token when two are asked for at the same moment', async () => {
    const userId = await newUser();
    await Promise.all([issue(userId), issue(userId), issue(userId)]);
    expect(await liveTokensOf(userId)).toHaveLength(1);
  });

  it("leave other purposes and other accounts' tokens alone", async () => {
    const userId = await newUser();
    const stranger = await newUser();
    const reset = await issue(userId);
    const verification = await issue(userId, { purpose: 'email_verification' });
    const strangers = await issue(stranger);
    await issue(userId);
    expect(await consume(reset.token)).toEqual({ ok: false, reason: 'replaced' });
    expect(await consume(strangers.token)).toMatchObject({ ok: true, userId: stranger });
    // Each token works for its own purpose only.
    expect(await consume(verification.token)).toEqual({ ok: false, reason: 'unknown' });
    const verified = await db.transaction().execute((trx) =>
      consumeAccountToken(trx, {
        purpose: 'email_verification',
        token: verification.token,
        now: T0,
      }),
    );
    expect(verified).toMatchObject({ ok: true, userId });
  });

  it('expire after their time, by the clock they are given', async () => {
    const userId = await newUser();
    const { token } = await issue(userId);
    expect(await inspectAccountToken(db, { purpose: 'password_reset', token, now: T0 })).toEqual(
      expect.objectContaining({ ok: true, userId }),
    );
    const justAfter = new Date(T0.getTime() + HOUR_MS);
    expect(await consume(token, justAfter)).toEqual({ ok: false, reason: 'expired' });
    const justBefore = new Date(T0.getTime() + HOUR_MS - 1);
    expect(await consume(token, justBefore)).toMatchObject({ ok: true, userId });
    // Used, and later also past its time: it was used, which is what its reader needs to hear.
    expect(await consume(token, justAfter)).toEqual({ ok: false, reason: 'used' });
  });

  it('refuse a made-up or malformed token as not valid', async () => {
    expect(await consume('x'.repeat(43))).toEqual({ ok: false, reason: 'unknown' });
    expect(await consume('short')).toEqual({ ok: false, reason: 'unknown' });
    expect(await consume(`${'a'.repeat(42)}=`)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('are kept 30 days past their expiry to explain a refusal, then pruned', async () => {
    const userId = await newUser();
    const { token } = await issue(userId);
    const expiry = T0.getTime() + HOUR_MS;
    expect(await pruneAccountTokens(db, new Date(expiry + 30 * DAY_MS - 60_000))).toBe(0);
    expect(await consume(token, new Date(expiry + 29 * DAY_MS))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await pruneAccountTokens(db, new Date(expiry + 30 * DAY_MS + 60_000))).toBeGreaterThan(
      0,
    );
    expect(await consume(token, new Date(expiry + 31 * DAY_MS))).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });
});
