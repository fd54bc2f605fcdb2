import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractCounts } from '../../src/domain/contract-list.schemas.js';
import { openSqlite } from '../../src/db/kysely.js';
import { hashPassword } from '../../src/features/credentials/password.js';
import {
  cookiePair,
  createTestApp,
  jsonPost,
  trpcQuery,
  type TestApp,
} from '../../src/test/test-app.js';
import { SEEDED_PASSWORD, seedScale, seededEmail } from './seed-scale.js';

let t: TestApp;
/**
 * The seed writes through better-sqlite3 (SQLite only): its own handle on the test app's file.
 * This file runs only in the `unit` project, which is always SQLite.
 */
let sqlite: SQLite.Database;
let result: ReturnType<typeof seedScale>;

beforeAll(async () => {
  t = await createTestApp();
  sqlite = openSqlite(path.join(t.dir, 'app.db'));
  result = seedScale(sqlite, {
    accounts: 10,
    contracts: 1_000,
    heavyAccountContracts: 400,
    passwordHash: await hashPassword(SEEDED_PASSWORD, { PASSWORD_HASH_LIGHT: true }),
  });
});
afterAll(async () => {
  sqlite.close();
  await t.close();
});

const count = (sql: string, ...params: unknown[]) =>
  (sqlite.prepare(sql).get(...params) as { n: number }).n;

describe('the scale seed', () => {
  it('writes the accounts and contracts asked for, the heavy account first', () => {
    expect(result).toMatchObject({ accounts: 10, contracts: 1_000 });
    expect(count('SELECT count(*) AS n FROM users')).toBe(10);
    expect(count('SELECT count(*) AS n FROM contracts')).toBe(1_000);
    const firstId = count('SELECT id AS n FROM users WHERE email = ?', seededEmail(1));
    expect(count('SELECT count(*) AS n FROM contracts WHERE created_by_user_id = ?', firstId)).toBe(
      400,
    );
  });

  it('leaves every contract with its audit events, and every sent one with a signing link', () => {
    expect(count('SELECT count(*) AS n FROM contract_events')).toBe(result.events);
    expect(
      count(`SELECT count(*) AS n FROM contracts c WHERE NOT EXISTS
        (SELECT 1 FROM contract_events e WHERE e.contract_id = c.id AND e.type = 'created')`),
    ).toBe(0);
    expect(
      count(`SELECT count(*) AS n FROM contracts c WHERE c.status != 'draft' AND NOT EXISTS
        (SELECT 1 FROM signing_links l WHERE l.contract_id = c.id)`),
    ).toBe(0);
    for (const status of ['draft', 'sent', 'signed', 'completed']) {
      expect(count('SELECT count(*) AS n FROM contracts WHERE status = ?', status)).toBeGreaterThan(
        0,
      );
    }
  });

  it('makes accounts that sign in and see their own sections', async () => {
    const login = await jsonPost(t.app, '/api/auth/login', {
      email: seededEmail(1),
      password: SEEDED_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = cookiePair(login, 'session') ?? '';
    const answer = await trpcQuery(t.app, 'contracts.counts', undefined, { cookie });
    const counts = answer.json<{ result: { data: ContractCounts } }>().result.data;
    expect(counts.drafts + counts.awaiting + counts.completed).toBe(400);
  });
});
