import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateSealingKey } from '../features/documents/sealing-key.js';
import { startMailWorker } from '../features/mail/mail-worker.js';
import { enqueueMail } from '../features/mail/outbox.js';
import { claimNextOutboxRow, markOutboxSent } from '../features/mail/outbox.repo.js';
import { createMailTransport } from '../features/mail/transport.js';
import { captureLog, testMailSealer } from '../test/mail.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { createTestDatabase, testPostgres, type TestDatabase } from '../test/test-database.js';
import { openDatabase } from './kysely.js';
import { migrateToLatest, migrations } from './migrate.js';
import { createPostgresDb } from './postgres.js';

/**
 * PostgreSQL only (the `postgres` project; `unit` leaves *.pg.test.ts out): what several
 * instances on one database must get right (issue 18, docs/decisions/023).
 */
const adminUrl = () => new URL(testPostgres()?.adminUrl ?? '');

function urlOf(database: string, change: (url: URL) => void = () => undefined): string {
  const url = adminUrl();
  url.pathname = `/${database}`;
  change(url);
  return url.toString();
}

const silentLog = { warn: () => undefined };

describe('starting on a DATABASE_URL that does not work', () => {
  const start = (url: string) =>
    openDatabase({ DATA_DIR: '/nonexistent', DATABASE_URL: url, DATABASE_POOL_SIZE: 2 }, silentLog);

  it('names the variable, the host and the reason in one line, never the password', async () => {
    const wrong = 'not-the-password-' + randomBytes(6).toString('hex');
    const url = urlOf('postgres', (u) => (u.password = wrong));
    const error = await start(url).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toMatch(
      new RegExp(
        `^DATABASE_URL: cannot use PostgreSQL at 127\\.0\\.0\\.1:${adminUrl().port}/postgres: .*password authentication failed`,
      ),
    );
    expect(message).not.toContain('\n');
    expect(message).not.toContain(wrong);
  });

  it('says the server refused the connection when nothing listens there', async () => {
    const url = urlOf('postgres', (u) => (u.port = '1'));
    await expect(start(url)).rejects.toThrow(
      /^DATABASE_URL: cannot use PostgreSQL at 127\.0\.0\.1:1\/postgres: .*ECONNREFUSED/,
    );
  });

  it('says which database does not exist', async () => {
    await expect(start(urlOf('no_such_database'))).rejects.toThrow(
      /at 127\.0\.0\.1:\d+\/no_such_database: database "no_such_database" does not exist/,
    );
  });
});

describe('several instances starting together', () => {
  let name: string;
  const admin = () => new pg.Pool({ connectionString: adminUrl().toString(), max: 1 });

  beforeAll(async () => {
    name = `empty_${randomBytes(6).toString('hex')}`;
    const pool = admin();
    await pool.query(`CREATE DATABASE ${name}`);
    await pool.end();
  });
  afterAll(async () => {
    const pool = admin();
    await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await pool.end();
  });

  it('migrate an empty database once, under the advisory lock', async () => {
    const instances = Array.from({ length: 4 }, () =>
      createPostgresDb(urlOf(name), { poolSize: 2, onIdleError: () => undefined }),
    );
    try {
      const applied = await Promise.all(instances.map((db) => migrateToLatest(db)));
      const all = Object.keys(migrations);
      // One instance applied every migration; the others found nothing left to do.
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, 0, all.length]);
      const rows = await instances[0]!
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(rows).toHaveLength(all.length);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
  });
});

describe('work shared by two instances', () => {
  let dir: string;
  let database: TestDatabase;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
  });
  afterEach(async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
    sink.messages.length = 0;
  });

  async function setUp() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-pg-'));
    database = await createTestDatabase(dir);
    return { first: database.db, second: database.connectAgain() };
  }

  const worker = (db: TestDatabase['db'], now?: () => Date) => {
    const log = captureLog();
    const transport = createMailTransport(
      { SMTP_URL: sink.url, MAIL_FROM: 'Contracts <no-reply@tradesign.test>', DATA_DIR: dir },
      log,
    );
    const started = startMailWorker({
      db,
      transport,
      log,
      sealer: testMailSealer,
      pollMs: 60_000,
      batchSize: 100,
      ...(now ? { now } : {}),
    });
    return {
      runOnce: () => started.runOnce(),
      stop: async () => {
        await started.stop();
        transport.close();
      },
    };
  };

  const mail = (to: string) => ({
    kind: 'signing_request',
    to,
    subject: 'Please sign',
    html: '<p>Sign</p>',
    text: 'Sign',
  });

  it('send each of 30 mails exactly once when both poll at the same moment', async () => {
    const { first, second } = await setUp();
    for (let i = 0; i < 30; i += 1) {
      await enqueueMail(first, testMailSealer, mail(`client${i}@example.com`));
    }
    const workers = [worker(first), worker(second)];
    try {
      const counts = await Promise.all(workers.map((w) => w.runOnce()));
      expect(counts[0]! + counts[1]!).toBe(30);
      // Both did some of the work: neither queued behind the other's locked rows.
      expect(counts.every((count) => count > 0)).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const recipients = sink.messages.map((message) => message.to).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
  });

  it('leave a mail whose sender died alone until its lease ends, then the other sends it', async () => {
    const { first, second } = await setUp();
    const id = await enqueueMail(first, testMailSealer, mail('late@example.com'));
    const start = new Date();
    // The first instance claims the mail, then dies before sending it.
    const dead = await claimNextOutboxRow(first, start, 60_000);
    expect(dead?.id).toBe(id);

    let now = new Date(start.getTime() + 59_000);
    const survivor = worker(second, () => now);
    try {
      expect(await survivor.runOnce()).toBe(0);
      expect(sink.messages).toHaveLength(0);
      now = new Date(start.getTime() + 61_000);
      expect(await survivor.runOnce()).toBe(1);
    } finally {
      await survivor.stop();
    }
    expect(sink.messages.map((message) => message.to)).toEqual(['late@example.com']);
    // Had the first instance come back and finished late, its outcome is not recorded twice.
    expect(await markOutboxSent(first, dead!, new Date().toISOString())).toBe(false);
    const row = await first
      .selectFrom('email_outbox')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', attempts: 0 });
  });

  it('create one sealing key when two renders ask for it at once', async () => {
    const { first, second } = await setUp();
    const keys = await Promise.all([
      getOrCreateSealingKey(first, 'https://contracts.example.com'),
      getOrCreateSealingKey(second, 'https://contracts.example.com'),
    ]);
    expect(keys[0].p12.equals(keys[1].p12)).toBe(true);
    const stored = await first.selectFrom('sealing_keys').select('id').execute();
    expect(stored).toHaveLength(1);
  });
});
