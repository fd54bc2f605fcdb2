import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/kysely.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { MAX_ATTEMPTS, retryDelayMs, startMailWorker, type MailWorker } from './mail-worker.js';
import {
  captureLog,
  createMailTestDb,
  insertTestContract,
  testMailSealer,
  type CapturedLog,
} from '../../test/mail.js';
import { enqueueMail } from './outbox.js';
import { createMailTransport, type MailLog, type MailTransport } from './transport.js';

// The app's logger is what the server will hand to the worker.
const _loggerFits = (log: FastifyBaseLogger): MailLog => log;

const FROM = 'Contracts <no-reply@tradesign.test>';
let db: DB;
let dir: string;
let close: () => Promise<void>;
let sink: SmtpSink;
let log: CapturedLog;
let transport: MailTransport;
let worker: MailWorker | undefined;

beforeEach(async () => {
  ({ db, dir, close } = await createMailTestDb());
  sink = await startSmtpSink({ rejectRecipients: ['nobody@example.com'] });
  log = captureLog();
  transport = createMailTransport({ SMTP_URL: sink.url, MAIL_FROM: FROM, DATA_DIR: dir }, log);
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  transport.close();
  await sink.stop();
  await close();
});

/** A worker that only runs when told to (polls are far apart). */
function manualWorker() {
  worker = startMailWorker({ db, transport, log, sealer: testMailSealer, pollMs: 60_000 });
  return worker;
}

const outboxRow = (id: number) =>
  db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What the worker recorded: the mail events (the fixture's own 'sent' is left out). */
const events = (contractId: number) =>
  db
    .selectFrom('contract_events')
    .select(['type', 'details'])
    .where('contract_id', '=', contractId)
    .where('type', 'in', ['email_sent', 'email_failed'])
    .orderBy('id')
    .execute();

const makeDue = (id: number) =>
  db
    .updateTable('email_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();

const signingRequest = {
  kind: 'signing_request',
  to: 'jane@example.com',
  subject: 'Acme Builders sent you a contract to sign',
  html: '<p>Hello Jane, <a href="http://localhost:3000/esign/tok123">sign</a></p>',
  text: 'Hello Jane, sign here: http://localhost:3000/esign/tok123',
};

describe('mail worker', () => {
  it('delivers a queued mail over SMTP, clears its bodies and records email_sent', async () => {
    const contractId = await insertTestContract(db);
    const id = await db.transaction().execute((trx) =>
      enqueueMail(trx, testMailSealer, {
        ...signingRequest,
        contractId,
        attachments: [
          {
            filename: 'contract-7-signed.html',
            contentType: 'text/html',
            content: '<p>Signed</p>',
          },
        ],
      }),
    );

    expect(await manualWorker().runOnce()).toBe(1);

    const mail = await sink.waitFor((m) => m.envelope.to.includes('jane@example.com'));
    expect(mail.to).toBe('jane@example.com');
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Contracts', address: 'no-reply@tradesign.test' },
    ]);
    expect(mail.subject).toBe(signingRequest.subject);
    expect(mail.html).toContain('href="http://localhost:3000/esign/tok123"');
    expect(mail.text.trim()).toBe(signingRequest.text);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'contract-7-signed.html',
      contentType: 'text/html',
    });
    expect(mail.attachments[0]?.content.toString('utf8')).toBe('<p>Signed</p>');

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', html: null, text: null, attachments: null });
    expect(row.sent_at).not.toBeNull();
    expect(await events(contractId)).toEqual([
      {
        type: 'email_sent',
        details: JSON.stringify({ kind: 'signing_request', to: 'jane@example.com' }),
      },
    ]);
  });

  it('sends on its own at each poll', async () => {
    await enqueueMail(db, testMailSealer, { ...signingRequest, to: 'polled@example.com' });
    worker = startMailWorker({ db, transport, log, sealer: testMailSealer, pollMs: 20 });
    const mail = await sink.waitFor((m) => m.to === 'polled@example.com');
    expect(mail.subject).toBe(signingRequest.subject);
  });

  it('keeps the mail through an SMTP outage and delivers it when the server is back', async () => {
    const contractId = await insertTestContract(db);
    const id = await enqueueMail(db, testMailSealer, { ...signingRequest, contractId });
    await sink.stop();

    const before = Date.now();
    expect(await manualWorker().runOnce()).toBe(0);
    let row = await outboxRow(id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    // Still queued, and still sealed: the link is not in the row (docs/decisions/017).
    expect(row.html).not.toContain('tok123');
    expect(testMailSealer.open(row.html ?? '')).toBe(signingRequest.html);
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(before + 30_000);
    expect(row.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(row.last_error).not.toContain('tok123');
    expect(log.lines.some((line) => line.level === 'warn')).toBe(true);

    // Not due yet: nothing happens even with the server back.
    await sink.start();
    expect(await worker!.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(0);

    await makeDue(id);
    expect(await worker!.runOnce()).toBe(1);
    expect((await sink.waitFor()).subject).toBe(signingRequest.subject);
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, html: null });
    expect((await events(contractId)).map((event) => event.type)).toEqual(['email_sent']);
  });

  it('tries one mail per poll while the server is down, backing off 30 s, 2 min, 10 min...', async () => {
    // Queued one after another: the oldest is the one a poll tries (at once, PostgreSQL may
    // number them in any order).
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c']) {
      ids.push(
        await enqueueMail(db, testMailSealer, { ...signingRequest, to: `${name}@example.com` }),
      );
    }
    await sink.stop();
    await manualWorker().runOnce();
    const attempts = await Promise.all(ids.map(async (id) => (await outboxRow(id)).attempts));
    expect(attempts).toEqual([1, 0, 0]);
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual(
      [0.5, 2, 10, 30, 120, 360, 720].map((minutes) => minutes * 60_000),
    );
  });

  it('gives up after the last attempt: failed, bodies cleared, email_failed recorded', async () => {
    const contractId = await insertTestContract(db);
    const id = await enqueueMail(db, testMailSealer, { ...signingRequest, contractId });
    await db
      .updateTable('email_outbox')
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', id)
      .execute();
    await sink.stop();

    await manualWorker().runOnce();

    const row = await outboxRow(id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      html: null,
      text: null,
      attachments: null,
    });
    expect(row.last_error).toBeTruthy();
    const recorded = await events(contractId);
    expect(recorded.map((event) => event.type)).toEqual(['email_failed']);
    expect(JSON.parse(recorded[0]?.details ?? '{}')).toMatchObject({
      kind: 'signing_request',
      to: 'jane@example.com',
    });
  });

  it('fails at once when the server rejects the recipient for good (550)', async () => {
    const contractId = await insertTestContract(db);
    const id = await enqueueMail(db, testMailSealer, {
      ...signingRequest,
      to: 'nobody@example.com',
      contractId,
    });

    await manualWorker().runOnce();

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, html: null });
    expect(row.last_error).toContain('550');
    expect((await events(contractId)).map((event) => event.type)).toEqual(['email_failed']);
  });

  it('resends a mail left in sending by a crash, after the next start', async () => {
    const id = await enqueueMail(db, testMailSealer, {
      ...signingRequest,
      to: 'crash@example.com',
    });
    await db.updateTable('email_outbox').set({ status: 'sending' }).where('id', '=', id).execute();

    expect(await manualWorker().runOnce()).toBe(1);

    expect((await sink.waitFor((m) => m.to === 'crash@example.com')).subject).toBe(
      signingRequest.subject,
    );
    expect((await outboxRow(id)).status).toBe('sent');
  });

  it('never sends one mail twice when two workers poll together', async () => {
    const ids = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        enqueueMail(db, testMailSealer, { ...signingRequest, to: `${name}@example.com` }),
      ),
    );
    const second = startMailWorker({ db, transport, log, sealer: testMailSealer, pollMs: 60_000 });
    try {
      const counts = await Promise.all([manualWorker().runOnce(), second.runOnce()]);
      expect(counts[0] + counts[1]).toBe(3);
    } finally {
      await second.stop();
    }
    expect(sink.messages.map((m) => m.to).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    for (const id of ids) expect((await outboxRow(id)).status).toBe('sent');
  });

  it('stop() lets the send in flight finish, then polls no more', async () => {
    const first = await enqueueMail(db, testMailSealer, {
      ...signingRequest,
      to: 'inflight@example.com',
    });
    const second = await enqueueMail(db, testMailSealer, {
      ...signingRequest,
      to: 'later@example.com',
    });
    let startedSending!: () => void;
    const sending = new Promise<void>((resolve) => (startedSending = resolve));
    const slow: MailTransport = {
      ...transport,
      async send(message) {
        startedSending();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await transport.send(message);
      },
    };
    worker = startMailWorker({ db, transport: slow, log, sealer: testMailSealer, pollMs: 60_000 });
    const running = worker.runOnce();
    await sending;
    await worker.stop();
    expect((await outboxRow(first)).status).toBe('sent');
    expect((await outboxRow(second)).status).toBe('pending');
    expect(await running).toBe(1);
  });
});
