import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import { formatDateTime } from '../../domain/dates.js';
import type { Prefs } from '../../domain/prefs.schemas.js';
import { contractorReadyToSend, TEST_CLIENT } from '../../test/contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  contractOf,
  DAY_MS,
  followUpDeps,
  HOUR_MS,
  movableClock,
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
  openQueuedBody,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { startFollowUpWorker } from './follow-up-worker.js';

/**
 * Issue 33: an account may email its clients at most `client_emails_per_day` times in any 24
 * hours, all contracts together (200 unless changed). Past it sending, reminding and new links
 * answer 429, and the owner gets one email a day saying so.
 */
const START = new Date('2026-12-01T15:00:00.000Z');
const ZONE = 'America/Chicago';
const OWNER = 'limit@example.com';
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
});
afterEach(() => t.close());

const setPrefs = async (prefs: Record<string, unknown>) => {
  const answer = await jsonPut(t.app, '/api/prefs', prefs, { cookie: owner });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Prefs>();
};

/** A draft the contractor signed, ready for POST /send. */
async function signedDraft(): Promise<number> {
  const cookie = { cookie: owner };
  const { id } = (
    await jsonPost(t.app, '/api/contracts', sendableDraft(TEST_CLIENT), cookie)
  ).json<Contract>();
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    cookie,
  );
  return id;
}
const send = (id: number) =>
  jsonPost(t.app, `/api/contracts/${id}/send`, { client_data: TEST_CLIENT }, { cookie: owner });

async function sentOne(): Promise<number> {
  const id = await signedDraft();
  const answer = await send(id);
  expect(answer.statusCode, answer.body).toBe(200);
  return id;
}

const ownerAlerts = () =>
  t.sql.all<{ to_address: string; subject: string; dedupe_key: string }>(
    "SELECT to_address, subject, dedupe_key FROM email_outbox WHERE kind = 'client_mail_limit_alert' ORDER BY id",
  );

const limitReached = (perDay: number, allowedAt: string) =>
  `Your account has sent its ${perDay} client emails for today. The next email can go at ` +
  `${formatDateTime(allowedAt, ZONE)}. The limit is in Settings, Reminders & alerts.`;

describe('the daily limit setting', () => {
  it('is 200 unless changed, and is saved and checked like the other settings (REST and tRPC)', async () => {
    const prefs = await get(t.app, '/api/prefs', { cookie: owner });
    expect(prefs.json()).toMatchObject({ client_emails_per_day: 200 });
    expect(await setPrefs({ client_emails_per_day: 50 })).toMatchObject({
      client_emails_per_day: 50,
      reminders_enabled: true,
    });
    for (const [value, message] of [
      [0, 'client_emails_per_day: At least 1 email'],
      [1001, 'client_emails_per_day: At most 1,000 emails'],
      [2.5, 'client_emails_per_day: Whole numbers only'],
    ] as const) {
      const refused = await jsonPut(
        t.app,
        '/api/prefs',
        { client_emails_per_day: value },
        { cookie: owner },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toBe(message);
    }
    const twin = await trpcMutation(
      t.app,
      'prefs.update',
      { client_emails_per_day: 75 },
      { cookie: owner },
    );
    expect(twin.statusCode, twin.body).toBe(200);
    expect((await get(t.app, '/api/prefs', { cookie: owner })).json()).toMatchObject({
      client_emails_per_day: 75,
    });
  });
});

describe('past the limit', () => {
  it('answers 429 to sending, reminding and new links, and the owner hears of it once a day', async () => {
    await setPrefs({ client_emails_per_day: 3, time_zone: ZONE });
    const first = await sentOne();
    clock.at(HOUR_MS);
    const second = await sentOne();
    // A withdrawal's email to the client counts as well, though it is never refused.
    clock.at(2 * HOUR_MS);
    const withdrawn = await jsonPost(
      t.app,
      `/api/contracts/${first}/void`,
      { reason: 'Wrong address' },
      { cookie: owner },
    );
    expect(withdrawn.statusCode).toBe(200);

    clock.at(3 * HOUR_MS);
    const draft = await signedDraft();
    const refused = await send(draft);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(21 * 60 * 60));
    expect(refused.body).toBe(limitReached(3, at(DAY_MS)));
    expect(refused.body).toContain('December 2, 2026 at 9:00 AM CST');
    expect((await contractOf(t, owner, draft)).status).toBe('draft');
    expect(await queuedMails(t, draft)).toEqual([]);

    const reminder = await jsonPost(
      t.app,
      `/api/contracts/${second}/remind`,
      {},
      { cookie: owner },
    );
    expect(reminder.statusCode).toBe(429);
    expect(reminder.body).toBe(limitReached(3, at(DAY_MS)));
    const newLink = await jsonPost(
      t.app,
      `/api/contracts/${second}/extend`,
      { days: 5 },
      { cookie: owner },
    );
    expect(newLink.statusCode).toBe(429);

    // One email to the owner for all these refusals, with both parts, on the company's day.
    expect(await ownerAlerts()).toEqual([
      {
        to_address: OWNER,
        subject: 'TradeSign has paused emails to your clients for today',
        dedupe_key: expect.stringMatching(/:2026-12-01$/) as unknown,
      },
    ]);
    const before = sink.messages.length;
    await deliverQueuedMail(t);
    const alert = sink.messages
      .slice(before)
      .find((mail) => mail.subject === 'TradeSign has paused emails to your clients for today');
    for (const part of [alert?.text ?? '', alert?.html ?? '']) {
      expect(part).toContain('has sent');
      expect(part).toContain('3 emails to clients in the last 24 hours');
      expect(part).toContain('December 2, 2026 at 9:00 AM CST');
      expect(part).toContain('http://localhost:3000/settings/reminders');
    }
    expect(alert?.parsed.to).toMatchObject({ text: OWNER });

    // Once the first email of the day leaves the 24 hours, sending goes again.
    clock.at(DAY_MS);
    expect((await send(draft)).statusCode).toBe(200);
    // A refusal on the next day (the company's) is told again, once.
    clock.at(DAY_MS + 30 * 60_000);
    expect((await send(await signedDraft())).statusCode).toBe(429);
    expect((await send(await signedDraft())).statusCode).toBe(429);
    expect((await ownerAlerts()).map((row) => row.dedupe_key.slice(-10))).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('holds back automatic reminders until it frees up, and loses none', async () => {
    await setPrefs({ client_emails_per_day: 3 });
    const early = await sentOne();
    clock.at(3 * DAY_MS - 2 * HOUR_MS);
    for (let index = 0; index < 3; index += 1) await sentOne();
    const worker = startFollowUpWorker({
      ...followUpDeps(t, clock.now),
      log: quietLog,
      pollMs: DAY_MS,
    });
    try {
      clock.at(3 * DAY_MS);
      expect(await worker.runOnce()).toEqual({ expired: 0, reminded: 0 });
      expect((await contractOf(t, owner, early)).next_reminder_at).toBe(
        at(4 * DAY_MS - 2 * HOUR_MS),
      );
      expect(await ownerAlerts()).toHaveLength(1);
      clock.at(4 * DAY_MS - 2 * HOUR_MS);
      expect(await worker.runOnce()).toEqual({ expired: 0, reminded: 1 });
    } finally {
      await worker.stop();
    }
    expect(await queuedMails(t, early, 'signing_reminder')).toHaveLength(1);
  });

  it('lets exactly the limit through of many sends at once, on either engine', async () => {
    await setPrefs({ client_emails_per_day: 3 });
    const drafts = [];
    for (let index = 0; index < 16; index += 1) drafts.push(await signedDraft());
    const answers = await Promise.all(drafts.map((id) => send(id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(13);
    const requests = await t.sql.value(
      "SELECT COUNT(*) FROM email_outbox WHERE kind = 'signing_request'",
    );
    expect(Number(requests)).toBe(3);
    // Thirteen refusals at once, as several instances would see them: one email to the owner.
    expect(await ownerAlerts()).toHaveLength(1);
    const alert = await t.sql.get<{ text: string }>(
      "SELECT text FROM email_outbox WHERE kind = 'client_mail_limit_alert'",
    );
    expect(openQueuedBody(t, alert?.text ?? '')).toContain(
      'You get this email at most once a day.',
    );
  });
});
