import { companyIdOf } from '../domain/team.js';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../scripts/seed-scale/seed-scale.js';
import {
  createTestDatabase,
  createTestPostgresDatabase,
  dropTestPostgresDatabase,
  type TestDatabase,
} from '../test/test-database.js';
import { COPIED_TABLES, copyToPostgres, CopyRefusedError, rowHash } from './copy-to-postgres.js';
import { createDb, openSqlite, type DB } from './kysely.js';
import { migrateToLatest } from './migrate.js';
import { createPostgresDb } from './postgres.js';

/**
 * `npm run db:copy` (issue 18): a SQLite database with a row in every table, large enough for
 * several batches, into a fresh PostgreSQL database.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const now = '2026-11-25T10:00:00.000Z';

let dir: string;
let sourceFile: string;
let source: DB;

/** Rows in every table the seeder leaves empty, with bytes where the app keeps bytes. */
async function fillTheRest(db: DB) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const contract = await db
    .selectFrom('contracts')
    .select('id')
    .where('company_id', '=', user.company_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sessions')
    .values({
      id: 'session-1',
      user_id: user.id,
      secret_hash: randomBytes(32),
      created_at_ms: 1_795_000_000_000,
      last_used_at_ms: 1_795_000_100_000,
    })
    .execute();
  await db
    .insertInto('team_invites')
    .values({
      company_id: user.company_id,
      email: 'crew@example.com',
      role: 'member',
      token_hash: randomBytes(32),
      invited_by_user_id: user.id,
      created_at: now,
      expires_at: now,
    })
    .execute();
  await db
    .insertInto('rate_limits')
    .values({ key: 'login:ip:10.0.0.1', window_started_at_ms: 1_795_000_000_000, hits: 3 })
    .execute();
  await db
    .insertInto('templates')
    .values({
      company_id: user.company_id,
      created_by_user_id: user.id,
      name: 'Mine',
      html: '<p>{{client_name}}</p>',
      is_preset: 0,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('logos')
    .values({
      id: 'logo-1',
      company_id: user.company_id,
      created_by_user_id: user.id,
      content_type: 'image/png',
      bytes: randomBytes(5000),
      created_at: now,
    })
    .execute();
  await db
    .insertInto('acceptances')
    .values({
      company_id: user.company_id,
      accepted_by_user_id: user.id,
      type: 'legal_disclaimer',
      typed_name: 'Dana Builder',
      disclaimer_version: '2026-11-21',
      ip: '10.0.0.1',
      user_agent: 'Test',
      accepted_at: now,
    })
    .execute();
  await db
    .insertInto('email_outbox')
    .values({
      contract_id: contract.id,
      kind: 'signing_request',
      to_address: 'client@example.com',
      subject: 'Please sign',
      html: 'v1.sealed',
      text: 'v1.sealed',
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
      dedupe_key: 'reminder:1:auto:1',
    })
    .execute();
  // Issue 37: a second signer (the seeder gave sent contracts their first), with the signature
  // image they hold.
  await db
    .insertInto('contract_signers')
    .values({
      contract_id: contract.id,
      position: 2,
      name: 'Jordan Rivera',
      email: 'jordan@example.com',
      language: 'en',
      invited_at: now,
      signed_at: now,
      signed_name: 'Jordan Rivera',
      signature_png: `data:image/png;base64,${randomBytes(3000).toString('base64')}`,
    })
    .execute();
  await db
    .insertInto('document_jobs')
    .values({ contract_id: contract.id, status: 'done', next_attempt_at: now, created_at: now })
    .execute();
  await db
    .insertInto('documents')
    .values({
      contract_id: contract.id,
      pdf: randomBytes(200_000),
      pdf_sha256: 'c'.repeat(64),
      contract_pages_sha256: 'd'.repeat(64),
      created_at: now,
    })
    .execute();
  await db
    .insertInto('sealing_keys')
    .values({
      p12: randomBytes(2500),
      passphrase: 'pass',
      fingerprint_sha256: 'e'.repeat(64),
      created_at: now,
    })
    .execute();
  await db
    .insertInto('instance_settings')
    .values({ name: 'mail_seal_key_fingerprint', value: '0123456789abcdef', created_at: now })
    .execute();
  await db
    .insertInto('api_keys')
    .values({
      id: 'abcdefghijklmnop',
      company_id: user.company_id,
      created_by_user_id: user.id,
      name: 'QuickBooks',
      secret_hash: randomBytes(32),
      created_at: now,
    })
    .execute();
  const endpoint = await db
    .insertInto('webhook_endpoints')
    .values({
      company_id: user.company_id,
      created_by_user_id: user.id,
      url: 'https://hooks.example.com/tradesign',
      events: '["contract.signed"]',
      secret: 'v1.sealed',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpoint.id,
      event_id: 'msg_abcdefghijklmnopqrstuvwx',
      event_type: 'contract.signed',
      payload: '{"type":"contract.signed"}',
      status: 'succeeded',
      attempts: 1,
      last_status_code: 204,
      next_attempt_at: now,
      created_at: now,
      delivered_at: now,
    })
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      user_id: user.id,
      purpose: 'password_reset',
      token_hash: randomBytes(32),
      data: '{"new_email":"new@example.com"}',
      created_at: now,
      expires_at: now,
      used_at: now,
      ip: '10.0.0.1',
      user_agent: 'Test',
    })
    .execute();
  await db
    .insertInto('recovery_codes')
    .values({ user_id: user.id, code_hash: randomBytes(32), created_at: now })
    .execute();
  await db
    .insertInto('security_events')
    .values({
      user_id: user.id,
      type: 'sign_in',
      at: now,
      ip: '10.0.0.1',
      user_agent: 'Test',
      details: '{"method":"password"}',
    })
    .execute();
  // Issue 36: a company's Stripe settings, a Checkout Session, its payment, a request, an event.
  await db
    .insertInto('payment_settings')
    .values({
      company_id: user.company_id,
      hook_id: 'hook-copy-test-0001',
      stripe_secret_key: 'v1.sealed',
      stripe_secret_key_hint: 'sk_test_…0001',
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('checkout_sessions')
    .values({
      id: 'cs_test_copy0001',
      company_id: user.company_id,
      contract_id: contract.id,
      stage_index: 0,
      amount_cents: 165_000,
      url: 'https://checkout.stripe.com/c/pay/cs_test_copy0001',
      created_at: now,
      expires_at: now,
    })
    .execute();
  await db
    .insertInto('payments')
    .values({
      company_id: user.company_id,
      contract_id: contract.id,
      stage_index: 0,
      amount_cents: 165_000,
      status: 'paid',
      method: 'card',
      checkout_session_id: 'cs_test_copy0001',
      stripe_payment_intent_id: 'pi_test_copy0001',
      paid_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('payment_requests')
    .values({
      company_id: user.company_id,
      contract_id: contract.id,
      stage_index: 1,
      token_hash: randomBytes(32),
      created_at: now,
      expires_at: now,
    })
    .execute();
  await db
    .insertInto('stripe_events')
    .values({
      company_id: user.company_id,
      event_id: 'evt_test_copy0001',
      type: 'checkout.session.completed',
      outcome: 'paid',
      received_at: now,
    })
    .execute();
  // A revision points at its original.
  await db
    .insertInto('contracts')
    .values({
      company_id: user.company_id,
      created_by_user_id: user.id,
      status: 'draft',
      scope_raw: '[]',
      created_at: now,
      updated_at: now,
      revision_of: contract.id,
      original_id: contract.id,
      revision_number: 2,
    } as never)
    .execute();
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-copy-'));
  sourceFile = path.join(dir, 'app.db');
  source = createDb(sourceFile).db;
  await migrateToLatest(source);
  const sqlite = openSqlite(sourceFile);
  seedScale(sqlite, { accounts: 4, contracts: 240, heavyAccountContracts: 100, passwordHash: 'x' });
  sqlite.close();
  await fillTheRest(source);
}, 60_000);
afterAll(async () => {
  await source.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function rowsOf(db: DB, table: string) {
  return db
    .selectFrom(table as 'users')
    .selectAll()
    .orderBy('id' as never)
    .execute();
}

describe('copying SQLite into PostgreSQL', () => {
  let target: TestDatabase;
  let targetDb: DB;
  let emptyName: string;

  beforeAll(async () => {
    // A database the migrations never touched, as `createdb` leaves it.
    emptyName = `copy_${randomBytes(6).toString('hex')}`;
    const url = await createTestPostgresDatabase(emptyName, { empty: true });
    targetDb = createPostgresDb(url, { poolSize: 2, onIdleError: () => undefined });
    target = await createTestDatabase(dir);
  });
  afterAll(async () => {
    await targetDb.destroy();
    await dropTestPostgresDatabase(emptyName);
    await target.drop();
  });

  it('knows every table the migrations create', async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(
      source,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(
      COPIED_TABLES.map(({ table }) => table).sort(),
    );
  });

  it('copies every row of every table, checks them, and shows its progress', async () => {
    const progress: { table: string; copied: number; total: number }[] = [];
    const report = await copyToPostgres(source, targetDb, (step) => progress.push(step));
    for (const { table, rows } of report.tables) {
      expect(rows, `${table} has rows to copy`).toBeGreaterThan(0);
    }
    // Several batches of contracts, each reported, the last one complete.
    const contracts = progress.filter((step) => step.table === 'contracts');
    expect(contracts.length).toBeGreaterThan(1);
    expect(contracts.at(-1)).toEqual({ table: 'contracts', copied: 241, total: 241 });

    // Every row, bytes included, reads back the same (not only the sample the copy checked).
    for (const { table, key } of COPIED_TABLES) {
      const order = (db: DB) =>
        db
          .selectFrom(table as 'users')
          .selectAll()
          .orderBy(key as never)
          .execute();
      const [mine, theirs] = await Promise.all([order(source), order(targetDb)]);
      expect(theirs.map(rowHash), table).toEqual(mine.map(rowHash));
    }
    const pdf = await targetDb.selectFrom('documents').select('pdf').executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(pdf.pdf)).toBe(true);
  });

  it('continues the ids after the copied ones', async () => {
    const before = await rowsOf(source, 'users');
    const added = await targetDb
      .insertInto('users')
      .values({
        email: 'new@example.com',
        password_hash: 'x',
        created_at: now,
        company_id: companyIdOf((await rowsOf(source, 'users'))[0]?.company_id ?? 0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(Math.max(...before.map((row) => row.id)) + 1);
  });

  it('refuses a target that already holds rows, and changes nothing there', async () => {
    const before = await targetDb.selectFrom('users').select('id').execute();
    await expect(copyToPostgres(source, targetDb)).rejects.toThrow(CopyRefusedError);
    await expect(copyToPostgres(source, targetDb)).rejects.toThrow(
      /^The target database is not empty: companies has \d+ rows; .*Copy into a new, empty database/,
    );
    expect(await targetDb.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('refuses a database that holds tables of another application', async () => {
    await sql`CREATE TABLE invoices (id integer)`.execute(target.db);
    await expect(copyToPostgres(source, target.db)).rejects.toThrow(
      'The target database is not empty: it has other tables (invoices).',
    );
  });

  it('runs as tradesign db:copy, with progress lines and never the password', async () => {
    const name = `cli_${randomBytes(6).toString('hex')}`;
    const url = await createTestPostgresDatabase(name, { empty: true });
    try {
      const run = (args: string[], env: Record<string, string> = {}) =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', 'src/cli/entry.ts', 'db:copy', '--from', sourceFile, ...args],
          {
            cwd: repoRoot,
            encoding: 'utf8',
            env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
            timeout: 60_000,
          },
        );
      const first = run(['--to', url]);
      expect(first.status, first.stderr).toBe(0);
      const password = decodeURIComponent(new URL(url).password);
      expect(first.stdout + first.stderr).not.toContain(password);
      expect(first.stdout).toMatch(/^Copying .*app\.db into PostgreSQL at 127\.0\.0\.1:\d+\/cli_/);
      expect(first.stdout).toContain('  contracts: 241 of 241 rows (100%), done');
      expect(first.stdout).toMatch(
        /Copied [\d,]+ rows in [\d.]+ s\. Checked: the row count of every table/,
      );

      // DATABASE_URL instead of --to keeps the password out of the process list.
      const second = run([], { DATABASE_URL: url });
      expect(second.status).toBe(1);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(second.stderr).toMatch(/^The target database is not empty: companies has/);
      expect(second.stderr).not.toContain(password);
    } finally {
      await dropTestPostgresDatabase(name);
    }
  }, 90_000);
});
