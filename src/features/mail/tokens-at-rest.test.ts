import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { inAccountLock } from '../../db/account-lock.js';
import { issueAccountToken } from '../account-tokens/account-tokens.service.js';
import { MAIL_SEAL_KEY_FILE, mailSealerForDataDir } from './body-seal.js';
import { captureLog } from '../../test/mail.js';
import { startMailWorker } from './mail-worker.js';
import { createMailTransport } from './transport.js';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

/** Every file the engine keeps for the database, as a copy taken now would hold them. */
async function databaseFilesHolding(secret: string): Promise<string[]> {
  expect((await t.databaseFiles()).length).toBeGreaterThan(2);
  return t.databaseFilesHolding(secret);
}

describe('signing tokens at rest', () => {
  it('are in no database file, neither while the mail waits nor after it is delivered', async () => {
    const cookie = await contractorReadyToSend(t, 'rest@example.com');
    const { token } = await sendContract(t, cookie);
    expect(token).toHaveLength(43);
    if (t.engine === 'sqlite') {
      const files = fs.readdirSync(t.dir).filter((name) => name.startsWith('app.db'));
      expect(files).toEqual(expect.arrayContaining(['app.db', 'app.db-wal', 'app.db-shm']));
    }
    expect(await databaseFilesHolding(token)).toEqual([]);

    const log = captureLog();
    const transport = createMailTransport(t.config, log);
    const worker = startMailWorker({
      db: t.db,
      transport,
      log,
      sealer: mailSealerForDataDir(t.dir),
      pollMs: 60_000,
    });
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await worker.stop();
      transport.close();
    }
    const delivered = await sink.waitFor((mail) => mail.to.includes('jordan@example.com'));
    expect(delivered.text).toContain(`/esign/${token}`);
    expect(await databaseFilesHolding(token)).toEqual([]);
  });

  it('are in no database file for account links either (docs/decisions/041)', async () => {
    await signUp(t.app, {
      email: 'links@example.com',
      password: 'correct horse',
      company_name: 'Co',
    });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'links@example.com')
      .executeTakeFirstOrThrow();
    const client = { ip: '203.0.113.9', userAgent: 'Test' };
    const issued: string[] = [];
    for (const purpose of ['password_reset', 'email_verification', 'two_factor_login'] as const) {
      const { token } = await inAccountLock(t.db, user.id, (trx) =>
        issueAccountToken(trx, {
          userId: user.id,
          purpose,
          ttlMs: 60_000,
          client,
          now: new Date(),
        }),
      );
      issued.push(token);
    }
    for (const token of issued) expect(await databaseFilesHolding(token)).toEqual([]);
  });

  it('keeps the key in its own file, readable by the app’s user only, and not in the database', async () => {
    const keyFile = path.join(t.dir, MAIL_SEAL_KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect(await databaseFilesHolding(key)).toEqual([]);
    // The same folder always gives the same key: mails queued before a restart still open.
    const sealed = mailSealerForDataDir(t.dir).seal('hello');
    expect(mailSealerForDataDir(t.dir).open(sealed)).toBe('hello');
  });
});
