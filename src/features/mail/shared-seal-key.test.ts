import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createMailSealer } from './body-seal.js';
import { checkSharedSealKey } from './shared-seal-key.js';

let dir: string;
let database: TestDatabase;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-seal-key-'));
  database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the mail key every instance shares', () => {
  const first = createMailSealer(randomBytes(32));
  const other = createMailSealer(randomBytes(32));

  it('is recorded by the first start and accepted again', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    await checkSharedSealKey(database.db, database.engine, first, log);
    await checkSharedSealKey(database.connectAgain(), database.engine, first, log);
    expect(warnings).toEqual([]);
    const stored = await database.sql.value<string>('SELECT value FROM instance_settings');
    expect(stored).toBe(first.fingerprint);
    expect(stored).toMatch(/^[0-9a-f]{16}$/);
  });

  it('stops a PostgreSQL instance that has another key, saying how to fix it', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    await checkSharedSealKey(database.db, database.engine, first, log);
    const second = checkSharedSealKey(database.db, database.engine, other, log);
    if (database.engine === 'postgres') {
      await expect(second).rejects.toThrow(
        `MAIL_SEAL_KEY: this instance's mail key (fingerprint ${other.fingerprint}) is not the one the database's mail is sealed with (fingerprint ${first.fingerprint}). Give every instance the same key: set MAIL_SEAL_KEY to the same value on each, or copy mail-seal.key from the first instance's DATA_DIR.`,
      );
    } else {
      // One process on SQLite: a database restored without its key file still starts.
      await second;
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('Mail queued before cannot be sent');
    }
  });
});
