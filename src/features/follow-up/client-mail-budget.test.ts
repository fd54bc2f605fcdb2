import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../domain/dates.js';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import {
  contractOf,
  DAY_MS,
  eventsOf,
  followUpDeps,
  HOUR_MS,
  MINUTE_MS,
  movableClock,
  newDevice,
  newestToken,
  queuedMails,
  quietLog,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import { deliverQueuedMail } from '../../test/mail-delivery.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { startFollowUpWorker } from './follow-up-worker.js';

/**
 * Issue 33: one contract's reminders and new links share one budget of mail to the client, at
 * most one an hour and three in any 24 hours, whoever sends them (the contractor, a script, the
 * scheduler), on either engine and however many calls race.
 */
const START = new Date('2026-12-01T15:00:00.000Z');
const ZONE = 'America/Chicago';
const OWNER = 'budget@example.com';
const words = (iso: string) => formatDateTime(iso, ZONE);
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();

let sink: SmtpSink;
let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

beforeEach(async () => {
  clock = movableClock(START);
  t = await createTestApp({ SMTP_URL: sink.url }, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER);
  const zone = await jsonPut(t.app, '/api/prefs', { time_zone: ZONE }, { cookie: owner });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterEach(() => t.close());

const remind = (id: number) =>
  jsonPost(t.app, `/api/contracts/${id}/remind`, {}, { cookie: owner });
const extend = (id: number, days: number) =>
  jsonPost(t.app, `/api/contracts/${id}/extend`, { days }, { cookie: owner });
const nextEmail = (id: number, cookie = owner) =>
  get(t.app, `/api/contracts/${id}/next-client-email`, { cookie });

async function sent() {
  const contract = await sendContract(t, owner);
  expect(contract.sent.statusCode, contract.sent.body).toBe(200);
  return contract;
}

/** The follow-up mails queued for the contract, of both kinds. */
async function followUpMails(id: number) {
  const mails = await queuedMails(t, id);
  return mails.filter(
    (mail) => mail.kind === 'signing_reminder' || mail.kind === 'signing_new_link',
  );
}

const withinTheHour = (allowedAt: string) =>
  'The client was emailed about this contract less than an hour ago. ' +
  `The next email can go at ${words(allowedAt)}.`;

describe("one contract's mail budget", () => {
  it('lets 35 new links at once email the client once: the other 34 answer 429 with Retry-After and when', async () => {
    const { id } = await sent();
    clock.at(2 * HOUR_MS);
    const answers = await Promise.all(Array.from({ length: 35 }, () => extend(id, 60)));
    const done = answers.filter((answer) => answer.statusCode === 200);
    expect(done.map((answer) => answer.json<unknown>())).toEqual([
      expect.objectContaining({ expires_at: at(2 * HOUR_MS + 60 * DAY_MS), emailed: true }),
    ]);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(34);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe(String(60 * 60));
      expect(answer.body).toBe(withinTheHour(at(3 * HOUR_MS)));
    }
    expect(refused[0]?.body).toContain('December 1, 2026 at 12:00 PM CST');

    // What reaches the client's mailbox: the request and one new link.
    const before = sink.messages.length;
    expect(await deliverQueuedMail(t)).toBe(2);
    const delivered = sink.messages.slice(before).map((mail) => mail.subject);
    expect(delivered).toEqual([
      'Greenleaf Co sent you a contract to sign',
      'Greenleaf Co sent you a new link to sign your contract',
    ]);
  });

  it('sends at most one email an hour and three in any 24 hours, reminders and new links together', async () => {
    const { id } = await sent();
    const outcomes: string[] = [];
    for (let hour = 1; hour <= 35; hour += 1) {
      clock.at(hour * HOUR_MS);
      const answer = hour % 2 === 0 ? await extend(id, 1) : await remind(id);
      if (answer.statusCode === 429) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        outcomes.push('wait');
      } else {
        expect(answer.statusCode, answer.body).toBe(200);
        outcomes.push(answer.json<{ emailed?: boolean }>().emailed === false ? 'deadline' : 'mail');
      }
    }
    const mails = (await eventsOf(t, id))
      .filter(
        (event) =>
          event.type === 'reminder_sent' ||
          (event.type === 'link_extended' && event.details?.emailed !== false),
      )
      .map((event) => Date.parse(event.at));
    // Hours 1, 2 and 3, then 25, 26 and 27: three a day, an hour apart.
    expect(outcomes.flatMap((outcome, index) => (outcome === 'mail' ? [index + 1] : []))).toEqual([
      1, 2, 3, 25, 26, 27,
    ]);
    expect(await followUpMails(id)).toHaveLength(6);
    for (const sentAt of mails) {
      const within = mails.filter((other) => other >= sentAt && other < sentAt + DAY_MS);
      expect(within.length).toBeLessThanOrEqual(3);
    }
  });

  it('says when the next email can go, for the page to disable its buttons (REST and tRPC)', async () => {
    const { id } = await sent();
    expect((await nextEmail(id)).json()).toEqual({ next_email_at: null, message: null });
    clock.at(HOUR_MS);
    expect((await remind(id)).statusCode).toBe(200);
    clock.at(HOUR_MS + 10 * MINUTE_MS);
    const waiting = { next_email_at: at(2 * HOUR_MS), message: withinTheHour(at(2 * HOUR_MS)) };
    expect((await nextEmail(id)).json()).toEqual(waiting);
    const twin = await trpcQuery(t.app, 'followUp.nextClientEmail', { id }, { cookie: owner });
    expect(twin.json<{ result: { data: unknown } }>().result.data).toEqual(waiting);

    const stranger = await contractorReadyToSend(t, 'stranger@example.com', 'Stranger Co');
    const theirs = await nextEmail(id, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe('Contract not found');
  });
});

describe('a new link while the budget says wait', () => {
  it('only pushes the deadline back: no email, no new link, and the answer says so', async () => {
    const { id, token: first } = await sent();
    clock.at(HOUR_MS);
    expect((await remind(id)).statusCode).toBe(200);
    const reminderToken = await newestToken(t, id, 'signing_reminder');
    const links = await t.sql.value<number>(
      'SELECT COUNT(*) FROM signing_links WHERE contract_id = ?',
      id,
    );

    clock.at(HOUR_MS + 20 * MINUTE_MS);
    const answer = await extend(id, 45);
    expect(answer.statusCode, answer.body).toBe(200);
    const deadline = at(HOUR_MS + 20 * MINUTE_MS + 45 * DAY_MS);
    expect(answer.json()).toEqual({
      id,
      status: 'sent',
      expires_at: deadline,
      emailed: false,
      next_email_at: at(2 * HOUR_MS),
      to: [],
      message:
        `The deadline is now ${words(deadline)}; the client was not emailed again because they ` +
        `were emailed about this contract less than an hour ago. The next email can go at ${words(at(2 * HOUR_MS))}.`,
    });
    expect((await contractOf(t, owner, id)).expires_at).toBe(deadline);
    expect(await queuedMails(t, id, 'signing_new_link')).toEqual([]);
    expect(await t.sql.value('SELECT COUNT(*) FROM signing_links WHERE contract_id = ?', id)).toBe(
      links,
    );
    expect((await eventsOf(t, id, 'link_extended')).at(-1)).toMatchObject({
      actor: OWNER,
      details: { expires_at: deadline, days: 45, emailed: false, next_email_at: at(2 * HOUR_MS) },
    });

    // No email went, so none was spent: the next may go an hour after the reminder.
    clock.at(2 * HOUR_MS);
    expect((await nextEmail(id)).json()).toEqual({ next_email_at: null, message: null });
    // The links the client holds work until the new deadline, past the first one.
    clock.at(40 * DAY_MS);
    for (const token of [first, reminderToken]) {
      expect((await newDevice().open(t, token)).json()).toMatchObject({ id, status: 'sent' });
    }
  });

  it('answers 429 when it would change nothing without an email, or reopen an expired contract', async () => {
    const { id } = await sent();
    clock.at(HOUR_MS);
    expect((await extend(id, 60)).statusCode).toBe(200);
    clock.at(HOUR_MS + MINUTE_MS);
    const shorter = await extend(id, 10);
    expect(shorter.statusCode).toBe(429);
    expect(shorter.body).toBe(withinTheHour(at(2 * HOUR_MS)));

    const expiring = await sent();
    await t.sql.run(
      'UPDATE contracts SET expires_at = ? WHERE id = ?',
      at(HOUR_MS + 30 * MINUTE_MS),
      expiring.id,
    );
    expect((await remind(expiring.id)).statusCode).toBe(200);
    clock.at(HOUR_MS + 40 * MINUTE_MS);
    expect((await contractOf(t, owner, expiring.id)).status).toBe('expired');
    const reopen = await extend(expiring.id, 14);
    expect(reopen.statusCode).toBe(429);
    expect(reopen.headers['retry-after']).toBe(String(21 * 60));
    expect((await contractOf(t, owner, expiring.id)).status).toBe('expired');
    expect(await queuedMails(t, expiring.id, 'signing_new_link')).toEqual([]);
  });
});

describe('automatic reminders', () => {
  async function pass() {
    const worker = startFollowUpWorker({
      ...followUpDeps(t, clock.now),
      log: quietLog,
      pollMs: DAY_MS,
    });
    try {
      return await worker.runOnce();
    } finally {
      await worker.stop();
    }
  }

  it('wait when a mail by hand used the budget, and go later: never lost', async () => {
    const { id } = await sent();
    // A new link by hand minutes before the scheduler's pass, which had already read the
    // contract as due: the pass must not email the client again within the hour.
    clock.at(3 * DAY_MS - 5 * MINUTE_MS);
    expect((await extend(id, 30)).json()).toMatchObject({ emailed: true });
    await t.sql.run('UPDATE contracts SET next_reminder_at = ? WHERE id = ?', at(3 * DAY_MS), id);
    clock.at(3 * DAY_MS);
    expect(await pass()).toEqual({ expired: 0, reminded: 0 });
    expect(await queuedMails(t, id, 'signing_reminder')).toEqual([]);
    const next = (await contractOf(t, owner, id)).next_reminder_at;
    expect(next).not.toBeNull();
    expect(Date.parse(next ?? '')).toBeGreaterThanOrEqual(
      Date.parse(at(3 * DAY_MS + 55 * MINUTE_MS)),
    );

    clock.set(new Date(next ?? ''));
    expect(await pass()).toEqual({ expired: 0, reminded: 1 });
    expect((await eventsOf(t, id, 'reminder_sent')).map((event) => event.details)).toEqual([
      expect.objectContaining({
        reminder: 1,
        automatic: true,
        to: [{ id: expect.any(Number) as number, ...TEST_CLIENT }],
      }),
    ]);
  });

  it('use the budget too: a reminder by hand right after one waits the hour', async () => {
    const { id } = await sent();
    clock.at(3 * DAY_MS);
    expect(await pass()).toEqual({ expired: 0, reminded: 1 });
    clock.at(3 * DAY_MS + 15 * MINUTE_MS);
    const byHand = await remind(id);
    expect(byHand.statusCode).toBe(429);
    expect(byHand.headers['retry-after']).toBe(String(45 * 60));
    expect(byHand.body).toBe(withinTheHour(at(3 * DAY_MS + HOUR_MS)));
  });
});

describe('at once, on either engine', () => {
  it('gives one reminder of 20 racing calls, and 19 answers of 429', async () => {
    const { id } = await sent();
    clock.at(HOUR_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => remind(id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(19);
    expect(await queuedMails(t, id, 'signing_reminder')).toHaveLength(1);
    expect(await eventsOf(t, id, 'reminder_sent')).toHaveLength(1);
  });

  it('gives one email of ten reminders and ten new links racing, whichever wins', async () => {
    const { id } = await sent();
    clock.at(HOUR_MS);
    // A new link within the deadline changes no column a reminder guards: only the budget's
    // hold on the account keeps a reminder and a new link from both going.
    const calls = Array.from({ length: 20 }, (_, index) =>
      index % 2 ? remind(id) : extend(id, 5),
    );
    const answers = await Promise.all(calls);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(19);
    expect(await followUpMails(id)).toHaveLength(1);
  });
});
