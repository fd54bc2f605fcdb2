import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/test-app.js';
import { migrationProvider, migrations } from './migrate.js';

/**
 * 202612070100_offline_drafts on either engine (issue 40): contracts from before have version 1
 * and no phone's id; a phone's id is unique within a company only; stepping down removes both
 * columns and the index, and stepping up again brings them back.
 */
const PREVIOUS = '202612060100_seal_record';
const OFFLINE_DRAFTS = '202612070100_offline_drafts';
const LATEST = Object.keys(migrations).at(-1) ?? '';
const PHONE_ID = '5f0c2d4e-8a1b-4c3d-9e7f-0a1b2c3d4e5f';
const AT = '2026-12-07T08:00:00.000Z';

let t: TestApp;
const company: Record<'a' | 'b', number> = { a: 0, b: 0 };
const author: Record<'a' | 'b', number> = { a: 0, b: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['a', 'b'] as const) {
    const email = `offline-migration-${key}@example.com`;
    await signUp(t.app, { email, password: 'long-enough-password', company_name: `Co ${key}` });
    const user = await t.sql.get<{ id: number; company_id: number }>(
      'SELECT id, company_id FROM users WHERE email = ?',
      email,
    );
    company[key] = Number(user?.company_id);
    author[key] = Number(user?.id);
  }
});
afterAll(() => t.close());

async function migrateTo(name: string) {
  const migrator = new Migrator({ db: t.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

/** A draft as the SQL of either release writes it; `phoneId` only where the column exists. */
async function insertDraft(key: 'a' | 'b', phoneId?: string | null) {
  const columns = ['company_id', 'created_by_user_id', 'status', 'client_name', 'created_at'];
  const values: unknown[] = [company[key], author[key], 'draft', 'Jordan Rivera', AT];
  if (phoneId !== undefined) {
    columns.push('client_draft_id');
    values.push(phoneId);
  }
  await t.sql.run(
    `INSERT INTO contracts (${columns.join(', ')}, updated_at)
     VALUES (${columns.map(() => '?').join(', ')}, ?)`,
    ...values,
    AT,
  );
}

describe('the offline drafts migration', () => {
  it('gives older drafts version 1 and no phone id, and steps down and up again', async () => {
    await migrateTo(PREVIOUS);
    await expect(t.sql.all('SELECT client_draft_id FROM contracts')).rejects.toThrow();
    await insertDraft('a');
    await migrateTo(OFFLINE_DRAFTS);
    expect(await t.sql.all('SELECT client_draft_id, draft_version FROM contracts')).toEqual([
      { client_draft_id: null, draft_version: 1 },
    ]);
    await migrateTo(LATEST);
  });

  it("keeps a phone's id unique within a company, not across companies", async () => {
    await insertDraft('a', PHONE_ID);
    // Another company's phone may have made the same id; drafts made online have none.
    await insertDraft('b', PHONE_ID);
    await insertDraft('a', null);
    await insertDraft('a', null);
    await expect(insertDraft('a', PHONE_ID)).rejects.toThrow(/unique/i);
    const count = await t.sql.value<number>(
      'SELECT count(*) FROM contracts WHERE client_draft_id = ?',
      PHONE_ID,
    );
    expect(Number(count)).toBe(2);
  });
});
