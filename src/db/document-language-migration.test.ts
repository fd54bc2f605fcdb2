import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest, migrationProvider } from './migrate.js';

/**
 * 202611281000_document_language on a database that already holds contracts, on either engine:
 * each sent contract learns the language its document was frozen in, which is the language it
 * had before the client's first switch, and a draft has none yet.
 */
const BEFORE = '202611271000_contract_language';
const DOCUMENT_LANGUAGE = '202611281000_document_language';

let dir: string;
let database: TestDatabase;
const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });

async function migrateTo(name: string) {
  const { error } = await migrator().migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-document-language-'));
  database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
  await migrateTo(BEFORE);
  await database.sql.run(
    `INSERT INTO users (id, email, password_hash, created_at)
     VALUES (1, 'builder@example.com', 'hash', '2026-11-20T08:00:00.000Z')`,
  );
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function contract(id: number, status: string, language: string, frozen: boolean) {
  await database.sql.run(
    `INSERT INTO contracts (id, user_id, status, client_name, language, template_html, created_at, updated_at)
     VALUES (?, 1, ?, 'Jordan Rivera', ?, ?, '2026-11-20T08:00:00.000Z', '2026-11-20')`,
    id,
    status,
    language,
    frozen ? '<!DOCTYPE html><html><body>Contract</body></html>' : null,
  );
}

async function switched(contractId: number, from: string, to: string, at: string) {
  await database.sql.run(
    `INSERT INTO contract_events (contract_id, type, at, actor, details)
     VALUES (?, 'language_changed', ?, 'client', ?)`,
    contractId,
    at,
    JSON.stringify({ from, to }),
  );
}

describe('the document language migration', () => {
  it('gives each sent contract the language it was frozen in, and a draft none', async () => {
    await contract(1, 'sent', 'es', true); // sent in English, switched to Spanish
    await switched(1, 'en', 'es', '2026-11-21T08:00:00.000Z');
    await contract(2, 'completed', 'en', true); // sent in Spanish, switched twice
    await switched(2, 'es', 'en', '2026-11-21T08:00:00.000Z');
    await switched(2, 'en', 'es', '2026-11-21T09:00:00.000Z');
    await switched(2, 'es', 'en', '2026-11-21T10:00:00.000Z');
    await contract(3, 'sent', 'es', true); // never switched
    await contract(4, 'draft', 'es', false);
    await migrateTo(DOCUMENT_LANGUAGE);
    expect(
      await database.sql.all('SELECT id, language, document_language FROM contracts ORDER BY id'),
    ).toEqual([
      { id: 1, language: 'es', document_language: 'en' },
      { id: 2, language: 'en', document_language: 'es' },
      { id: 3, language: 'es', document_language: 'es' },
      { id: 4, language: 'es', document_language: null },
    ]);
    await expect(
      database.sql.run("UPDATE contracts SET document_language = 'fr' WHERE id = 4"),
    ).rejects.toThrow(/check/i);
  });

  it('goes back down without losing the contracts', async () => {
    await contract(1, 'sent', 'es', true);
    await migrateTo(DOCUMENT_LANGUAGE);
    await migrateTo(BEFORE);
    expect(await database.sql.all('SELECT id, language FROM contracts')).toEqual([
      { id: 1, language: 'es' },
    ]);
  });
});
