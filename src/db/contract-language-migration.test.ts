import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest, migrationProvider } from './migrate.js';

/**
 * 202611271000_contract_language on a database that already holds contracts, on either engine:
 * they were all written and mailed in English, and read as English after it.
 */
const BEFORE = '202611261100_webhooks';
const LANGUAGE = '202611271000_contract_language';

let dir: string;
let database: TestDatabase;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-language-'));
  database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
  // Later migrations are tested on their own; this one is tested from where it ran.
  const { error } = await migrator().migrateTo(LANGUAGE);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });

async function step(direction: 'up' | 'down') {
  const { error, results } = await migrator().migrateTo(direction === 'up' ? LANGUAGE : BEFORE);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  expect(results).toEqual([
    expect.objectContaining({
      migrationName: LANGUAGE,
      direction: direction === 'up' ? 'Up' : 'Down',
      status: 'Success',
    }),
  ]);
}

async function insertContract(extra: { language?: string } = {}) {
  const columns = ['user_id', 'status', 'client_name', 'created_at', 'updated_at'];
  const values: unknown[] = [1, 'sent', 'Jordan Rivera', '2026-11-20T08:00:00.000Z', '2026-11-20'];
  if (extra.language !== undefined) {
    columns.push('language');
    values.push(extra.language);
  }
  await database.sql.run(
    `INSERT INTO contracts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ...values,
  );
}

describe('the contract language migration', () => {
  beforeEach(async () => {
    await database.sql.run(
      `INSERT INTO users (id, email, password_hash, created_at)
       VALUES (1, 'builder@example.com', 'hash', '2026-11-20T08:00:00.000Z')`,
    );
  });

  it('reads every contract from before as English, and holds new ones to en or es', async () => {
    await step('down');
    await insertContract();
    await step('up');
    expect(await database.sql.all('SELECT client_name, language FROM contracts')).toEqual([
      { client_name: 'Jordan Rivera', language: 'en' },
    ]);
    await insertContract({ language: 'es' });
    await expect(insertContract({ language: 'fr' })).rejects.toThrow(/check/i);
  });

  it('goes back down without losing the contracts', async () => {
    await insertContract({ language: 'es' });
    await step('down');
    expect(await database.sql.all('SELECT client_name FROM contracts')).toEqual([
      { client_name: 'Jordan Rivera' },
    ]);
    await expect(database.sql.all('SELECT language FROM contracts')).rejects.toThrow(/language/);
  });
});
