import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { presetTemplates } from '../../db/seeds/preset-templates.js';
import { buildApp } from '../app/build-app.js';
import { loadConfig } from '../config.js';
import { LEGAL_DISCLAIMER_VERSION } from '../domain/legal-disclaimer.js';
import { generateApiKey, hashApiKeySecret } from '../features/sessions/api-key-token.js';
import { hashSigningToken } from '../features/esign/signing-links.js';
import { generateSessionToken, hashSessionSecret } from '../features/sessions/session-token.js';
import { TEST_SIGNATURE_PNG } from '../test/factories.js';
import {
  createTestDatabase,
  rawSql,
  testEngine,
  type RawSql,
  type TestDatabase,
} from '../test/test-database.js';
import { createDb } from './kysely.js';
import { migrateToLatest, migrationProvider, migrations } from './migrate.js';
import { migrateSafely, planMigrations } from './safe-migrate.js';

/**
 * 202612020100_companies on a database the previous release wrote, on either engine (issue 35,
 * docs/decisions/045): two accounts in use, with contracts in every status and everything that
 * hangs off them, and a third that never got past signing up. After the upgrade each account is
 * the owner of a company of its own that holds all its rows; its sessions, API keys and signing
 * links still work in the app; the migration steps down and up again without losing a row; and
 * an upgrade through migrateSafely backs the old file up first.
 */
const PREVIOUS = '202612010100_account_security';
const COMPANIES = '202612020100_companies';
/** What an upgrade from the previous release runs: the companies migration and every later one. */
const UPGRADE = Object.keys(migrations).slice(Object.keys(migrations).indexOf(COMPANIES));
const STATUSES = ['draft', 'sent', 'signed', 'completed', 'declined', 'expired', 'voided'] as const;
type Status = (typeof STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions are checked against the real clock, so the rows are written relative to it. */
const nowMs = Date.now();
const iso = (offsetDays: number) => new Date(nowMs + offsetDays * DAY_MS).toISOString();
const PNG = Buffer.from(TEST_SIGNATURE_PNG.split(',')[1] ?? '', 'base64');

let dir: string;
let database: TestDatabase;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-companies-'));
  database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
  // The database as the previous release left it.
  const { error } = await migrator().migrateTo(PREVIOUS);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
});
afterEach(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });

async function step(direction: 'up' | 'down') {
  const { error, results } = await migrator().migrateTo(direction === 'up' ? COMPANIES : PREVIOUS);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  expect(results).toEqual([
    expect.objectContaining({
      migrationName: COMPANIES,
      direction: direction === 'up' ? 'Up' : 'Down',
      status: 'Success',
    }),
  ]);
}

/** What an account of the previous release held, with the secrets only its people and mails know. */
interface OldAccount {
  id: number;
  email: string;
  createdAt: string;
  contracts: Record<Status, number>;
  templates: { standard: number; other: number };
  logo: string;
  acceptance: number;
  endpoint: number;
  /** `session=<id>.<secret>`, as the browser holds it. */
  cookie: string;
  apiKeyId: string;
  apiKey: string;
  /** The link mailed for the contract awaiting signature. */
  signingToken: string;
}

async function insertId(sql: RawSql, text: string, ...params: unknown[]): Promise<number> {
  return Number(await sql.value(`${text} RETURNING id`, ...params));
}

/** One account as the previous release wrote it: raw rows of that schema, ids chosen by the database. */
async function oldAccount(sql: RawSql, n: number, company: string): Promise<OldAccount> {
  const email = `owner${n}@example.com`;
  const createdAt = iso(-40 + n);
  const id = await insertId(
    sql,
    `INSERT INTO users (email, password_hash, created_at, email_verified_at, language)
     VALUES (?, 'argon2-hash', ?, ?, 'en')`,
    email,
    createdAt,
    createdAt,
  );
  const session = generateSessionToken();
  await sql.run(
    `INSERT INTO sessions (id, user_id, secret_hash, created_at_ms, last_used_at_ms, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, '203.0.113.9', 'Browser/1.0')`,
    session.id,
    id,
    Buffer.from(hashSessionSecret(session.secret)),
    nowMs - DAY_MS,
    nowMs - 60_000,
  );
  const logo = `${'abcdefghijklmnopqrstuvw'}${n}.png`;
  await sql.run(
    `INSERT INTO logos (id, user_id, content_type, bytes, created_at) VALUES (?, ?, 'image/png', ?, ?)`,
    logo,
    id,
    PNG,
    createdAt,
  );
  await sql.run(
    `INSERT INTO preferences (user_id, company_name, company_phone, company_email, company_address,
       company_website, logo_path, time_zone, paper_copy_fee_cents, viewed_alerts_enabled,
       reminders_enabled, reminder_first_days, reminder_every_days, reminder_max,
       client_emails_per_day, updated_at)
     VALUES (?, ?, ?, ?, '1 Elm Street', 'https://example.com', ?, ?, ?, 0, 1, ?, 5, 2, ?, ?)`,
    id,
    company,
    `555000${n}000`,
    `office${n}@example.com`,
    `/uploads/logos/${logo}`,
    n === 1 ? 'America/Chicago' : 'America/Denver',
    250 * n,
    n + 1,
    40 * n,
    createdAt,
  );
  const standard = presetTemplates[0];
  if (!standard) throw new Error('no preset template');
  const standardId = await insertId(
    sql,
    `INSERT INTO templates (user_id, name, html, is_preset, version, preset_key, preset_sha256, created_at, updated_at)
     VALUES (?, ?, ?, 1, 1, ?, ?, ?, ?)`,
    id,
    standard.name,
    standard.html,
    standard.key,
    standard.sha256,
    createdAt,
    createdAt,
  );
  const otherId = await insertId(
    sql,
    `INSERT INTO templates (user_id, name, html, is_preset, created_at, updated_at)
     VALUES (?, 'Small jobs', '<p>{{client.name}}</p>', 0, ?, ?)`,
    id,
    createdAt,
    createdAt,
  );
  const acceptance = await insertId(
    sql,
    `INSERT INTO acceptances (user_id, type, typed_name, disclaimer_version, ip, user_agent, accepted_at)
     VALUES (?, 'legal_disclaimer', ?, ?, '203.0.113.9', 'Browser/1.0', ?)`,
    id,
    `Owner Number ${n}`,
    LEGAL_DISCLAIMER_VERSION,
    createdAt,
  );

  const contracts = {} as Record<Status, number>;
  let signingToken = '';
  for (const status of STATUSES) {
    const sent = status !== 'draft';
    const signed = status === 'signed' || status === 'completed';
    const closed = status === 'declined' || status === 'voided';
    const contractId = await insertId(
      sql,
      `INSERT INTO contracts (user_id, status, client_name, client_email, client_phone, client_address,
         scope_raw, scope_clean, total_price_cents, payment_plan_json, company_name, company_phone,
         company_email, created_at, updated_at, search_text, language,
         my_signature_png, my_signed_at, template_html, template_sha256, client_data, sent_at, expires_at,
         next_reminder_at, client_signed_at, client_signature_png, client_signed_name, signed_html,
         closed_at, closed_reason)
       VALUES (?, ?, ?, ?, '5551234567', '42 Maple Street', '["install drip line"]',
         '{"paragraph":"Install a drip line.","bullets":["Install drip line"]}', ?,
         '[{"label":"Deposit","percent":100,"amount_cents":0,"trigger":"At signing"}]', ?, ?, ?, ?, ?, ?, 'en',
         ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      status,
      `Client ${status} ${n}`,
      `client-${status}-${n}@example.com`,
      100_000 * n + STATUSES.indexOf(status),
      company,
      `555000${n}000`,
      `office${n}@example.com`,
      iso(-30),
      iso(-20),
      `client ${status} ${n}`,
      sent ? TEST_SIGNATURE_PNG : null,
      sent ? iso(-25) : null,
      sent ? standard.html : null,
      sent ? standard.sha256 : null,
      sent ? JSON.stringify({ name: `Client ${status} ${n}`, email: `c${n}@example.com` }) : null,
      sent ? iso(-25) : null,
      status === 'expired' ? iso(-2) : sent ? iso(10) : null,
      status === 'sent' ? iso(3) : null,
      signed ? iso(-21) : null,
      signed ? TEST_SIGNATURE_PNG : null,
      signed ? `Client ${status} ${n}` : null,
      signed ? '<html>signed</html>' : null,
      closed ? iso(-22) : null,
      closed ? `No longer needed (${status})` : null,
    );
    contracts[status] = contractId;
    const events: string[] = ['created'];
    if (sent) events.push('signed_by_contractor', 'sent', 'email_sent');
    if (signed) events.push('viewed', 'consented', 'signed_by_client');
    if (status === 'completed') events.push('completed', 'sealed_copy_sent');
    if (status === 'declined' || status === 'expired' || status === 'voided') events.push(status);
    for (const type of events) {
      await sql.run(
        `INSERT INTO contract_events (contract_id, type, at, actor, ip, user_agent, details)
         VALUES (?, ?, ?, ?, '203.0.113.9', 'Browser/1.0', '{"by":"old release"}')`,
        contractId,
        type,
        iso(-25),
        type.includes('client') || type === 'viewed' ? 'client' : 'contractor',
      );
    }
    if (!sent) continue;
    const token = randomBytes(32).toString('base64url');
    if (status === 'sent') signingToken = token;
    await sql.run(
      `INSERT INTO signing_links (contract_id, token_sha256, created_at, expires_at, purpose)
       VALUES (?, ?, ?, ?, 'request')`,
      contractId,
      hashSigningToken(token),
      iso(-25),
      status === 'expired' ? iso(-2) : iso(10),
    );
    await sql.run(
      `INSERT INTO email_outbox (contract_id, kind, to_address, subject, status, attempts,
         next_attempt_at, created_at, sent_at)
       VALUES (?, 'signing_request', ?, 'Please sign', 'sent', 1, ?, ?, ?)`,
      contractId,
      `client-${status}-${n}@example.com`,
      iso(-25),
      iso(-25),
      iso(-25),
    );
    if (status === 'completed') {
      const pdf = Buffer.from(`%PDF-1.7 sealed contract ${n}`);
      await sql.run(
        `INSERT INTO documents (contract_id, pdf, pdf_sha256, contract_pages_sha256, created_at)
         VALUES (?, ?, ?, ?, ?)`,
        contractId,
        pdf,
        createHash('sha256').update(pdf).digest('hex'),
        createHash('sha256').update(`pages ${n}`).digest('hex'),
        iso(-21),
      );
      await sql.run(
        `INSERT INTO document_jobs (contract_id, status, attempts, next_attempt_at, created_at, finished_at)
         VALUES (?, 'done', 1, ?, ?, ?)`,
        contractId,
        iso(-21),
        iso(-21),
        iso(-21),
      );
    }
  }

  const key = generateApiKey();
  await sql.run(
    `INSERT INTO api_keys (id, user_id, name, secret_hash, created_at, last_used_at)
     VALUES (?, ?, 'Zapier', ?, ?, ?)`,
    key.id,
    id,
    Buffer.from(hashApiKeySecret(key.secret)),
    iso(-10),
    iso(-2),
  );
  const endpoint = await insertId(
    sql,
    `INSERT INTO webhook_endpoints (user_id, url, events, secret, created_at, created_by_api_key)
     VALUES (?, ?, '["contract.sent","contract.signed"]', 'sealed-secret', ?, ?)`,
    id,
    `https://hooks.example.com/${n}`,
    iso(-10),
    key.id,
  );
  await sql.run(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, status, attempts,
       last_status_code, next_attempt_at, created_at, delivered_at)
     VALUES (?, ?, 'contract.sent', '{"contract":{}}', 'succeeded', 1, 200, ?, ?, ?)`,
    endpoint,
    `evt_${n}`,
    iso(-9),
    iso(-9),
    iso(-9),
  );
  for (const type of ['account_created', 'sign_in']) {
    await sql.run(
      `INSERT INTO security_events (user_id, type, at, ip, user_agent) VALUES (?, ?, ?, '203.0.113.9', 'Browser/1.0')`,
      id,
      type,
      createdAt,
    );
  }
  return {
    id,
    email,
    createdAt,
    contracts,
    templates: { standard: standardId, other: otherId },
    logo,
    acceptance,
    endpoint,
    cookie: `session=${session.value}`,
    apiKeyId: key.id,
    apiKey: key.value,
    signingToken,
  };
}

/** Two accounts in use and one that signed up and never came back. */
async function previousReleaseData(sql: RawSql) {
  const first = await oldAccount(sql, 1, 'Greenleaf Landscaping');
  const second = await oldAccount(sql, 2, 'Bluewater Pools');
  const idle = await insertId(
    sql,
    `INSERT INTO users (email, password_hash, created_at, email_verified_at) VALUES ('idle@example.com', 'x', ?, ?)`,
    iso(-5),
    iso(-5),
  );
  await sql.run(
    `INSERT INTO instance_settings (name, value, created_at) VALUES ('first_account', ?, ?)`,
    String(first.id),
    first.createdAt,
  );
  return { first, second, idle };
}

/** Every table holding an account's data, each with the column that orders its rows. */
const TABLES = {
  users: 'id',
  sessions: 'id',
  preferences: 'company_name',
  templates: 'id',
  logos: 'id',
  acceptances: 'id',
  contracts: 'id',
  contract_events: 'id',
  signing_links: 'id',
  email_outbox: 'id',
  documents: 'contract_id',
  document_jobs: 'contract_id',
  api_keys: 'id',
  webhook_endpoints: 'id',
  webhook_deliveries: 'id',
  security_events: 'id',
  instance_settings: 'name',
} as const;

async function counts(sql: RawSql) {
  const answer: Record<string, number> = {};
  for (const table of Object.keys(TABLES)) {
    answer[table] = Number(await sql.value(`SELECT count(*) AS n FROM ${table}`));
  }
  return answer;
}

/** Every row of every table, as the database holds it. */
async function everything(sql: RawSql) {
  const answer: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    answer[table] = await sql.all(`SELECT * FROM ${table} ORDER BY ${order}`);
  }
  return answer;
}

async function indexNames(): Promise<string[]> {
  const rows =
    database.engine === 'postgres'
      ? await database.sql.all<{ name: string }>(
          'SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname',
        )
      : await database.sql.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
        );
  return rows.map((row) => row.name);
}

const OWNED: [string, string, (account: OldAccount) => (number | string)[]][] = [
  ['templates', 'created_by_user_id', (a) => [a.templates.standard, a.templates.other]],
  ['logos', 'created_by_user_id', (a) => [a.logo]],
  ['acceptances', 'accepted_by_user_id', (a) => [a.acceptance]],
  ['api_keys', 'created_by_user_id', (a) => [a.apiKeyId]],
  ['webhook_endpoints', 'created_by_user_id', (a) => [a.endpoint]],
  ['contracts', 'created_by_user_id', (a) => STATUSES.map((status) => a.contracts[status])],
];

describe('upgrading a database the previous release wrote', () => {
  it('makes each account the owner of a company of its own that holds every one of its rows', async () => {
    const { first, second, idle } = await previousReleaseData(database.sql);
    const before = await counts(database.sql);
    const preferencesBefore = await database.sql.all<Record<string, unknown>>(
      'SELECT * FROM preferences ORDER BY user_id',
    );
    const sessionsBefore = await database.sql.all('SELECT * FROM sessions ORDER BY id');
    await step('up');

    expect(
      await database.sql.all(
        'SELECT id, email, company_id, role, name, removed_at FROM users ORDER BY id',
      ),
    ).toEqual(
      [first, second]
        .map((a) => ({
          id: a.id,
          email: a.email,
          company_id: a.id,
          role: 'owner',
          name: null,
          removed_at: null,
        }))
        .concat({
          id: idle,
          email: 'idle@example.com',
          company_id: idle,
          role: 'owner',
          name: null,
          removed_at: null,
        }),
    );
    expect(await database.sql.all('SELECT id, created_at FROM companies ORDER BY id')).toEqual([
      { id: first.id, created_at: first.createdAt },
      { id: second.id, created_at: second.createdAt },
      { id: idle, created_at: iso(-5) },
    ]);

    for (const account of [first, second]) {
      for (const [table, madeBy, ids] of OWNED) {
        const rows = await database.sql.all<{ company_id: number; made_by: number }>(
          `SELECT company_id, ${madeBy} AS made_by FROM ${table} WHERE id IN (${ids(account)
            .map(() => '?')
            .join(', ')}) ORDER BY id`,
          ...ids(account),
        );
        expect(rows, table).toEqual(
          ids(account).map(() => ({ company_id: account.id, made_by: account.id })),
        );
      }
      // Before teams whoever wrote a contract also sent it; a draft has not been sent by anyone.
      const senders = await database.sql.all<{ status: string; sent_by_user_id: number | null }>(
        'SELECT status, sent_by_user_id FROM contracts WHERE company_id = ? ORDER BY id',
        account.id,
      );
      expect(senders).toEqual(
        STATUSES.map((status) => ({
          status,
          sent_by_user_id: status === 'draft' ? null : account.id,
        })),
      );
    }

    // The company's settings, every value as it was, now keyed by the company.
    expect(await database.sql.all('SELECT * FROM preferences ORDER BY company_id')).toEqual(
      preferencesBefore.map(({ user_id: userId, ...values }) => ({
        company_id: userId,
        ...values,
      })),
    );
    expect(await database.sql.all('SELECT * FROM sessions ORDER BY id')).toEqual(sessionsBefore);
    expect(await counts(database.sql)).toEqual(before);
    expect(Number(await database.sql.value('SELECT count(*) AS n FROM team_invites'))).toBe(0);
  });

  it('refuses a row without a company from then on, on either engine', async () => {
    const { first } = await previousReleaseData(database.sql);
    await step('up');
    const stamp = iso(0);
    await expect(
      database.sql.run(
        `INSERT INTO contracts (created_by_user_id, status, client_name, created_at, updated_at)
         VALUES (?, 'draft', 'Nobody''s', ?, ?)`,
        first.id,
        stamp,
        stamp,
      ),
    ).rejects.toThrow(/company_id/);
    await expect(
      database.sql.run(
        `INSERT INTO templates (created_by_user_id, name, html, created_at, updated_at)
         VALUES (?, 'Loose', '<p></p>', ?, ?)`,
        first.id,
        stamp,
        stamp,
      ),
    ).rejects.toThrow(/company_id/);
    await expect(
      database.sql.run(
        `INSERT INTO users (email, password_hash, created_at) VALUES ('loose@example.com', 'x', ?)`,
        stamp,
      ),
    ).rejects.toThrow(/company_id/);
    for (const table of ['contracts', 'api_keys', 'webhook_endpoints', 'acceptances', 'logos']) {
      await expect(
        database.sql.run(`UPDATE ${table} SET company_id = NULL`),
        table,
      ).rejects.toThrow(/company_id/);
    }
    expect(
      Number(
        await database.sql.value('SELECT count(*) AS n FROM contracts WHERE company_id IS NULL'),
      ),
    ).toBe(0);
  });

  it('numbers the next company after the existing ones', async () => {
    const { second, idle } = await previousReleaseData(database.sql);
    await step('up');
    const next = await insertId(
      database.sql,
      'INSERT INTO companies (created_at) VALUES (?)',
      iso(0),
    );
    expect(next).toBeGreaterThan(Math.max(second.id, idle));
    const user = await insertId(
      database.sql,
      `INSERT INTO users (email, password_hash, created_at, company_id) VALUES ('new@example.com', 'x', ?, ?)`,
      iso(0),
      next,
    );
    expect(user).toBeGreaterThan(idle);
  });

  it('steps down to the previous release and up again without losing a row', async () => {
    await previousReleaseData(database.sql);
    const old = await everything(database.sql);
    const oldIndexes = await indexNames();
    await step('up');
    const upgraded = await everything(database.sql);
    const upgradedIndexes = await indexNames();
    expect(upgradedIndexes).toEqual(
      expect.arrayContaining(['contracts_company_list', 'users_company']),
    );

    await step('down');
    expect(await everything(database.sql)).toEqual(old);
    expect(await indexNames()).toEqual(oldIndexes);
    await expect(database.sql.all('SELECT id FROM companies')).rejects.toThrow(/companies/);

    await step('up');
    expect(await everything(database.sql)).toEqual(upgraded);
    expect(await indexNames()).toEqual(upgradedIndexes);
  });
});

/** The app on this test's database, as a server started after the upgrade would run it. */
/** Today's app on the upgraded database, brought up to date by the migrations after this one. */
async function appOnDatabase(): Promise<FastifyInstance> {
  await migrateToLatest(database.db);
  const config = loadConfig({
    DATA_DIR: dir,
    PUBLIC_URL: 'http://localhost:3000',
    SIGNUP_MODE: 'open',
  });
  const app = await buildApp({
    logLevel: 'silent',
    config,
    db: database.db,
    webDistDir: path.join(dir, 'no-web-build'),
  });
  await app.ready();
  return app;
}

describe('the app after the upgrade', () => {
  it('still signs in old sessions, takes old API keys and opens old signing links', async () => {
    const { first, second } = await previousReleaseData(database.sql);
    await step('up');
    const app = await appOnDatabase();
    try {
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: first.cookie },
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ user: { email: first.email } });

      // The company's name, logo and settings, as the owner set them.
      const prefs = await app.inject({
        method: 'GET',
        url: '/api/prefs',
        headers: { cookie: first.cookie },
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
      expect(prefs.json()).toMatchObject({
        company_name: 'Greenleaf Landscaping',
        logo_path: `/uploads/logos/${first.logo}`,
        time_zone: 'America/Chicago',
        client_emails_per_day: 40,
      });
      // The acceptance still counts: nobody is asked to accept again.
      const accepted = await app.inject({
        method: 'GET',
        url: '/api/acceptances',
        headers: { cookie: first.cookie },
      });
      expect(accepted.json()).toMatchObject({ accepted: true });

      for (const account of [first, second]) {
        const listed = await app.inject({
          method: 'GET',
          url: '/api/contracts',
          headers: { authorization: `Bearer ${account.apiKey}` },
        });
        expect(listed.statusCode, listed.body).toBe(200);
        const ids = listed
          .json<{ id: number }[]>()
          .map((c) => c.id)
          .sort((a, b) => a - b);
        expect(ids).toEqual(Object.values(account.contracts).sort((a, b) => a - b));
      }
      // One company's session still cannot reach the other's contract.
      const theirs = await app.inject({
        method: 'GET',
        url: `/api/contracts/${second.contracts.sent}`,
        headers: { cookie: first.cookie },
      });
      expect(theirs.statusCode).toBe(404);
      const ours = await app.inject({
        method: 'GET',
        url: `/api/contracts/${first.contracts.completed}`,
        headers: { cookie: first.cookie },
      });
      expect(ours.statusCode, ours.body).toBe(200);
      expect(ours.json()).toMatchObject({ status: 'completed', client_name: 'Client completed 1' });

      // A new sign-up gets a company numbered after the upgraded ones.
      const signedUp = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: JSON.stringify({
          email: 'newcomer@example.com',
          password: 'correct horse',
          company_name: 'Newcomer Co',
        }),
      });
      expect(signedUp.statusCode, signedUp.body).toBe(200);
      const newcomer = await database.sql.get<{ company_id: number; role: string }>(
        "SELECT company_id, role FROM users WHERE email = 'newcomer@example.com'",
      );
      expect(newcomer?.role).toBe('owner');
      expect(newcomer?.company_id).toBeGreaterThan(second.id + 1);

      const page = await app.inject({ method: 'GET', url: `/api/esign/${first.signingToken}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({
        id: first.contracts.sent,
        status: 'sent',
        company_name: 'Greenleaf Landscaping',
        client_name: 'Client sent 1',
        paper_copy_fee_cents: 250,
      });
    } finally {
      await app.close();
    }
  });
});

/** The migrations of the previous release: every one up to and including PREVIOUS. */
const previousRelease: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name <= PREVIOUS),
);

describe('upgrading through migrateSafely', () => {
  it.runIf(testEngine() === 'sqlite')(
    'backs the SQLite file up before the companies migration, and the backup opens as the old release',
    async () => {
      const file = path.join(dir, 'upgrade.db');
      const old = createDb(file).db;
      await migrateToLatest(old, previousRelease);
      const { first, second } = await previousReleaseData(
        rawSql(old as unknown as Kysely<unknown>, 'sqlite'),
      );
      await old.destroy();

      const log: string[] = [];
      const { db } = createDb(file);
      const result = await migrateSafely(
        { db, engine: 'sqlite', target: file },
        {
          version: '0.9.0',
          clock: () => new Date('2026-12-02T06:00:00Z'),
          log: (line) => log.push(line),
        },
      );
      const backup = path.join(dir, 'app-before-0.9.0-20261202-060000.db');
      expect(result).toEqual({ applied: UPGRADE, backup });
      expect(log[0]).toBe(
        `Backing up the database before ${UPGRADE.length} migration(s) to ${backup}`,
      );
      const upgraded = rawSql(db as unknown as Kysely<unknown>, 'sqlite');
      expect(await upgraded.all('SELECT id FROM companies ORDER BY id')).toEqual([
        { id: first.id },
        { id: second.id },
        { id: second.id + 1 },
      ]);
      expect(
        Number(
          await upgraded.value(
            'SELECT count(*) AS n FROM contracts WHERE company_id = ?',
            first.id,
          ),
        ),
      ).toBe(STATUSES.length);
      await db.destroy();

      const kept = createDb(backup).db;
      try {
        expect(await planMigrations(kept)).toEqual({
          pending: UPGRADE,
          applied: Object.keys(previousRelease).length,
          unknown: [],
        });
        const oldRows = rawSql(kept as unknown as Kysely<unknown>, 'sqlite');
        expect(
          await oldRows.all(
            'SELECT user_id, count(*) AS n FROM contracts GROUP BY user_id ORDER BY user_id',
          ),
        ).toEqual([
          { user_id: first.id, n: STATUSES.length },
          { user_id: second.id, n: STATUSES.length },
        ]);
        expect(
          await oldRows.value('SELECT company_name FROM preferences WHERE user_id = ?', second.id),
        ).toBe('Bluewater Pools');
        await expect(oldRows.all('SELECT company_id FROM users')).rejects.toThrow(/company_id/);
      } finally {
        await kept.destroy();
      }
    },
  );

  it.runIf(testEngine() === 'postgres')(
    'runs the companies migration on PostgreSQL in one go, with no file to back up',
    async () => {
      const { first } = await previousReleaseData(database.sql);
      const log: string[] = [];
      const result = await migrateSafely(
        { db: database.db, engine: 'postgres', target: database.url ?? '' },
        { version: '0.9.0', log: (line) => log.push(line) },
      );
      expect(result).toEqual({ applied: UPGRADE, backup: null });
      expect(log).toEqual([`Database brought up to date: ${UPGRADE.join(', ')}`]);
      expect(
        Number(
          await database.sql.value(
            'SELECT count(*) AS n FROM contracts WHERE company_id = ?',
            first.id,
          ),
        ),
      ).toBe(STATUSES.length);
    },
  );
});
