import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DB } from './kysely.js';
import { migrationProvider } from './migrate.js';

/**
 * 202611251000_follow_through rebuilds `contracts` (SQLite cannot alter a CHECK). Dropping that
 * table with foreign keys on would cascade-delete the audit trail, the links, the jobs: this
 * test builds a database as it stood before, with a bit of everything, and migrates it.
 */
const BEFORE = '202611211700_contract_sections_index';
const FOLLOW_THROUGH = '202611251000_follow_through';

let dir: string;
let db: DB;
let sqlite: SQLite.Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-follow-through-'));
  ({ db, sqlite } = createDb(path.join(dir, 'app.db')));
  const { error, results } = await migrator().migrateTo(BEFORE);
  expect(error).toBeUndefined();
  expect(results?.at(-1)).toMatchObject({ migrationName: BEFORE, status: 'Success' });
  seedOldShape();
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const migrator = () => new Migrator({ db, provider: migrationProvider });

/** Up to this migration (later ones are tested on their own): the names applied. */
async function upToFollowThrough(): Promise<string[]> {
  const { error, results } = await migrator().migrateTo(FOLLOW_THROUGH);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).map((result) => result.migrationName);
}

const LINK_EXPIRES = {
  first: '2026-12-21T10:00:00.000Z',
  second: '2026-12-31T10:00:00.000Z',
  signed: '2026-12-20T09:00:00.000Z',
};

/** A user, a sent contract, a completed one and a draft, with what hangs off each. */
function seedOldShape() {
  const run = (statement: string, ...params: unknown[]) => sqlite.prepare(statement).run(...params);
  run(
    `INSERT INTO users (id, email, password_hash, created_at)
     VALUES (1, 'builder@example.com', 'hash', '2026-11-20T08:00:00.000Z')`,
  );
  run(
    `INSERT INTO preferences (user_id, company_name, company_email, updated_at)
     VALUES (1, 'Builder Co', 'office@builder.example', '2026-11-20T08:00:00.000Z')`,
  );
  const contract = `INSERT INTO contracts (id, user_id, status, client_name, client_email,
      scope_raw, scope_clean, total_price_cents, payment_plan_json, my_signature_png, my_signed_at,
      client_data, client_signed_at, client_signature_png, template_html, template_sha256,
      template_source, template_data, signed_html, company_name, created_at, updated_at, sent_at)
    VALUES (?, 1, ?, 'Jordan Rivera', 'jordan@example.com', '["drip line"]',
      '{"paragraph":"Install.","bullets":["Install"]}', 500000,
      '[{"label":"All","percent":100,"amount_cents":500000,"trigger":"At signing"}]',
      'data:image/png;base64,AAAA', '2026-11-21T09:00:00.000Z', ?, ?, ?, ?, ?, ?, ?, ?,
      'Builder Co', '2026-11-21T08:00:00.000Z', '2026-11-21T09:30:00.000Z', ?)`;
  run(
    contract,
    1,
    'sent',
    '{"name":"Jordan Rivera","email":"jordan@example.com"}',
    null,
    null,
    '<p>Contract one</p>',
    'a'.repeat(64),
    '<p>{{x}}</p>',
    '{}',
    null,
    '2026-11-21T09:30:00.000Z',
  );
  run(
    contract,
    2,
    'completed',
    '{"name":"Jordan Rivera","email":"jordan@example.com"}',
    '2026-11-22T12:00:00.000Z',
    'data:image/png;base64,BBBB',
    '<p>Contract two</p>',
    'b'.repeat(64),
    '<p>{{x}}</p>',
    '{}',
    '<p>Contract two, signed</p>',
    '2026-11-21T09:30:00.000Z',
  );
  run(
    `INSERT INTO contracts (id, user_id, status, client_name, created_at, updated_at)
     VALUES (3, 1, 'draft', 'Sam Draft', '2026-11-23T08:00:00.000Z', '2026-11-23T08:00:00.000Z')`,
  );

  const event = (contractId: number, type: string, at: string, details: unknown = null) =>
    run(
      `INSERT INTO contract_events (contract_id, type, at, actor, ip, user_agent, details)
       VALUES (?, ?, ?, ?, '203.0.113.9', 'Browser/1.0', ?)`,
      contractId,
      type,
      at,
      type.startsWith('signed_by_client') || type === 'viewed' ? 'client' : 'builder@example.com',
      details === null ? null : JSON.stringify(details),
    );
  event(1, 'created', '2026-11-21T08:00:00.000Z');
  event(1, 'signed_by_contractor', '2026-11-21T09:00:00.000Z');
  event(1, 'sent', '2026-11-21T09:30:00.000Z', { to: 'jordan@example.com' });
  event(1, 'email_sent', '2026-11-21T09:31:00.000Z', { kind: 'signing_request' });
  event(1, 'viewed', '2026-11-21T18:00:00.000Z', { first: true });
  event(2, 'created', '2026-11-21T08:00:00.000Z');
  event(2, 'sent', '2026-11-21T09:30:00.000Z');
  event(2, 'signed_by_client', '2026-11-22T12:00:00.000Z', { time_zone: 'America/Chicago' });
  event(2, 'completed', '2026-11-22T12:00:01.000Z');
  event(3, 'created', '2026-11-23T08:00:00.000Z');

  const link = (id: number, contractId: number, expiresAt: string) =>
    run(
      `INSERT INTO signing_links (id, contract_id, token_sha256, created_at, expires_at)
       VALUES (?, ?, ?, '2026-11-21T09:30:00.000Z', ?)`,
      id,
      contractId,
      String(id).repeat(64).slice(0, 64),
      expiresAt,
    );
  link(1, 1, LINK_EXPIRES.first);
  link(2, 1, LINK_EXPIRES.second);
  link(3, 2, LINK_EXPIRES.signed);

  run(
    `INSERT INTO email_outbox (id, contract_id, kind, to_address, subject, html, text, status,
       attempts, next_attempt_at, created_at)
     VALUES (1, 1, 'signing_request', 'jordan@example.com', 'Builder Co sent you a contract',
       'sealed-html', 'sealed-text', 'pending', 2, '2026-11-21T09:40:00.000Z',
       '2026-11-21T09:30:00.000Z')`,
  );
  run(
    `INSERT INTO document_jobs (contract_id, status, attempts, next_attempt_at, created_at)
     VALUES (2, 'pending', 1, '2026-11-22T12:05:00.000Z', '2026-11-22T12:00:01.000Z')`,
  );
}

const CONTRACT_COLUMNS_BEFORE = [
  'id',
  'user_id',
  'status',
  'client_name',
  'client_email',
  'client_phone',
  'client_address',
  'scope_raw',
  'scope_clean',
  'total_price_cents',
  'payment_plan_json',
  'my_signature_png',
  'my_signed_at',
  'client_data',
  'client_signed_at',
  'client_signature_png',
  'template_html',
  'template_sha256',
  'template_source',
  'template_data',
  'signed_html',
  'company_name',
  'company_phone',
  'company_email',
  'created_at',
  'updated_at',
  'sent_at',
].join(', ');

/** Everything the test seeded, in the columns both shapes have. */
function snapshot() {
  const all = (statement: string) => sqlite.prepare(statement).all();
  return {
    users: all('SELECT * FROM users ORDER BY id'),
    contracts: all(`SELECT ${CONTRACT_COLUMNS_BEFORE} FROM contracts ORDER BY id`),
    events: all('SELECT * FROM contract_events ORDER BY id'),
    links: all(
      'SELECT id, contract_id, token_sha256, created_at, expires_at, revoked_at FROM signing_links ORDER BY id',
    ),
    outbox: all(
      `SELECT id, contract_id, kind, to_address, subject, html, text, attachments, status,
         attempts, next_attempt_at, last_error, created_at, sent_at FROM email_outbox ORDER BY id`,
    ),
    jobs: all('SELECT * FROM document_jobs ORDER BY contract_id'),
    preferences: all(
      `SELECT user_id, company_name, company_phone, company_email, company_address,
         company_website, logo_path, updated_at FROM preferences ORDER BY user_id`,
    ),
  };
}

const columnsOf = (table: string) =>
  (sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map(
    (column) => column.name,
  );

const foreignKeysOn = () => sqlite.pragma('foreign_keys', { simple: true });
const brokenForeignKeys = () => sqlite.pragma('foreign_key_check');
const setStatus = (id: number, status: string) =>
  sqlite.prepare('UPDATE contracts SET status = ? WHERE id = ?').run(status, id);

describe('the follow-through migration', () => {
  it('keeps every row and event through the rebuild of contracts', async () => {
    const before = snapshot();
    expect(before.events).toHaveLength(10);

    expect(await upToFollowThrough()).toEqual([FOLLOW_THROUGH]);

    expect(snapshot()).toEqual(before);
    // The audit trail is still append-only and still tied to its contracts.
    expect(() =>
      sqlite.prepare("UPDATE contract_events SET type = 'forged' WHERE id = 1").run(),
    ).toThrow(/append-only/);
    expect(() =>
      sqlite
        .prepare(
          "INSERT INTO contract_events (contract_id, type, at) VALUES (999, 'viewed', '2026-12-01T00:00:00.000Z')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('fills each sent contract’s deadline from its newest link, its first reminder, and the new columns’ defaults', async () => {
    await upToFollowThrough();
    const rows = sqlite
      .prepare(
        `SELECT id, expires_at, closed_at, closed_reason, last_reminder_at, auto_reminders_sent,
           next_reminder_at, revision_of, original_id, revision_number FROM contracts ORDER BY id`,
      )
      .all();
    const blank = {
      closed_at: null,
      closed_reason: null,
      last_reminder_at: null,
      auto_reminders_sent: 0,
      next_reminder_at: null,
      revision_of: null,
      original_id: null,
      revision_number: 1,
    };
    expect(rows).toEqual([
      // Sent on Nov 21 at 09:30: its first automatic reminder is due 3 days later (the defaults).
      {
        id: 1,
        expires_at: LINK_EXPIRES.second,
        ...blank,
        next_reminder_at: '2026-11-24T09:30:00.000Z',
      },
      { id: 2, expires_at: LINK_EXPIRES.signed, ...blank },
      { id: 3, expires_at: null, ...blank },
    ]);
    expect(
      sqlite.prepare('SELECT id, purpose, reminder FROM signing_links ORDER BY id').all(),
    ).toEqual([
      { id: 1, purpose: 'request', reminder: null },
      { id: 2, purpose: 'request', reminder: null },
      { id: 3, purpose: 'request', reminder: null },
    ]);
    expect(sqlite.prepare('SELECT dedupe_key FROM email_outbox').pluck().all()).toEqual([null]);
    expect(
      sqlite
        .prepare(
          `SELECT viewed_alerts_enabled, reminders_enabled, reminder_first_days,
             reminder_every_days, reminder_max FROM preferences`,
        )
        .all(),
    ).toEqual([
      {
        viewed_alerts_enabled: 1,
        reminders_enabled: 1,
        reminder_first_days: 3,
        reminder_every_days: 4,
        reminder_max: 3,
      },
    ]);
  });

  it('turns foreign keys back on and leaves none broken', async () => {
    await upToFollowThrough();
    expect(foreignKeysOn()).toBe(1);
    expect(brokenForeignKeys()).toEqual([]);
    const indexes = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'contracts'")
      .pluck()
      .all();
    expect(indexes).toEqual(
      expect.arrayContaining([
        'contracts_user_list',
        'contracts_user_status_created',
        'contracts_due_expiry',
        'contracts_due_reminder',
        'contracts_revision_of',
      ]),
    );
    expect(
      sqlite
        .prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'contracts_next'")
        .pluck()
        .get(),
    ).toBe(0);
  });

  it('holds statuses to the contract_statuses table', async () => {
    await upToFollowThrough();
    expect(
      sqlite.prepare('SELECT status FROM contract_statuses ORDER BY status').pluck().all(),
    ).toEqual(['completed', 'declined', 'draft', 'expired', 'sent', 'signed', 'voided']);
    expect(() => setStatus(1, 'archived')).toThrow(/FOREIGN KEY/);
    expect(() =>
      sqlite
        .prepare(
          `INSERT INTO contracts (user_id, status, created_at, updated_at)
           VALUES (1, 'lost', '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    for (const status of ['expired', 'declined', 'voided', 'sent']) {
      expect(() => setStatus(1, status)).not.toThrow();
    }
    // One revision per contract.
    const revision = `INSERT INTO contracts (user_id, status, revision_of, created_at, updated_at)
      VALUES (1, 'draft', 1, '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')`;
    sqlite.prepare(revision).run();
    expect(() => sqlite.prepare(revision).run()).toThrow(/UNIQUE/);
  });

  it('goes back down to the old shape when no new status is used, keeping every row', async () => {
    const before = snapshot();
    await upToFollowThrough();
    const { error, results } = await migrator().migrateDown();
    expect(error).toBeUndefined();
    expect(results).toEqual([
      { migrationName: FOLLOW_THROUGH, direction: 'Down', status: 'Success' },
    ]);

    expect(snapshot()).toEqual(before);
    expect(columnsOf('contracts')).not.toContain('expires_at');
    expect(columnsOf('signing_links')).not.toContain('purpose');
    expect(columnsOf('email_outbox')).not.toContain('dedupe_key');
    expect(columnsOf('preferences')).not.toContain('reminders_enabled');
    expect(
      sqlite
        .prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'contract_statuses'")
        .pluck()
        .get(),
    ).toBe(0);
    expect(foreignKeysOn()).toBe(1);
    expect(brokenForeignKeys()).toEqual([]);
    // The old CHECK is back.
    expect(() => setStatus(1, 'expired')).toThrow(/CHECK/);

    // And up again, as after a rollback and a redeploy.
    expect(await upToFollowThrough()).toEqual([FOLLOW_THROUGH]);
    expect(snapshot()).toEqual(before);
    expect(brokenForeignKeys()).toEqual([]);
  });

  it('refuses to go down while a contract uses a new status, loudly', async () => {
    await upToFollowThrough();
    setStatus(1, 'expired');
    const { error } = await migrator().migrateDown();
    expect(error).toBeDefined();
    expect(String(error)).toMatch(/expired, declined or withdrawn.*restore a backup/);
    expect(foreignKeysOn()).toBe(1);
    expect(sqlite.prepare('SELECT status FROM contracts WHERE id = 1').pluck().get()).toBe(
      'expired',
    );
    expect(sqlite.prepare('SELECT COUNT(*) FROM contract_events').pluck().get()).toBe(10);
  });

  it('leaves the database as it was at latest when going down is refused', async () => {
    await upToFollowThrough();
    setStatus(1, 'expired');
    const before = {
      contracts: columnsOf('contracts'),
      links: columnsOf('signing_links'),
      outbox: columnsOf('email_outbox'),
      preferences: columnsOf('preferences'),
    };
    expect((await migrator().migrateDown()).error).toBeDefined();
    expect({
      contracts: columnsOf('contracts'),
      links: columnsOf('signing_links'),
      outbox: columnsOf('email_outbox'),
      preferences: columnsOf('preferences'),
    }).toEqual(before);
  });
});
