import { sessionUserByEmail } from '../../test/people.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTOR_EVENT_LINES, describeEvent } from '../../domain/contract-event-lines.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { WHY_NOT } from '../../domain/contract-lifecycle.js';
import { formatDateTime } from '../../domain/dates.js';
import type { Contract, ContractEvent } from '../../domain/contracts.schemas.js';
import {
  clientSigns,
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT,
} from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
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
  savedDraft,
  tokenIn,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { startFollowUpWorker } from './follow-up-worker.js';
import { sendDueReminders } from './reminders.service.js';
import { reviseContract } from './revise.service.js';

/** Every test's time starts here; only the tests move it (no sleeping). */
const START = new Date('2026-12-01T15:00:00.000Z');
const iso = (ms: number) => new Date(START.getTime() + ms).toISOString();
/** The 429 of a follow-up mail within the hour of the last one (issue 33), in UTC words. */
const withinTheHour = (allowedAt: string) =>
  'The client was emailed about this contract less than an hour ago. ' +
  `The next email can go at ${formatDateTime(allowedAt, null)}.`;

const OWNER = 'owner@example.com';
/** The client of record as a reminder's `to` names them (issue 37): their signer id, name, email. */
const theClient = { id: expect.any(Number) as number, ...TEST_CLIENT };

interface Harness {
  t: TestApp;
  clock: MovableClock;
  owner: string;
}

/** An app on its own database whose clock the test moves, and a contractor ready to send. */
async function harness(overrides: Record<string, string> = {}): Promise<Harness> {
  const clock = movableClock(START);
  const t = await createTestApp(overrides, { clock: clock.now });
  const owner = await contractorReadyToSend(t, OWNER);
  return { t, clock, owner };
}

const post = (h: Harness, url: string, body: unknown = {}, cookie = h.owner) =>
  jsonPost(h.t.app, url, body, { cookie });
const remind = (h: Harness, id: number, cookie = h.owner) =>
  post(h, `/api/contracts/${id}/remind`, {}, cookie);
const extend = (h: Harness, id: number, days: unknown, cookie = h.owner) =>
  post(h, `/api/contracts/${id}/extend`, { days }, cookie);
const withdraw = (h: Harness, id: number, reason: unknown, cookie = h.owner) =>
  post(h, `/api/contracts/${id}/void`, { reason }, cookie);
const revise = (h: Harness, id: number, cookie = h.owner) =>
  post(h, `/api/contracts/${id}/revise`, {}, cookie);

async function sent(h: Harness) {
  const result = await sendContract(h.t, h.owner);
  expect(result.sent.statusCode, result.sent.body).toBe(200);
  expect(result.token).toHaveLength(43);
  return result;
}

/** The reminders queued for a contract: their number in the trail and whether automatic. */
async function remindersOf(h: Harness, id: number) {
  return (await eventsOf(h.t, id, 'reminder_sent')).map((event) => ({
    reminder: event.details?.reminder,
    automatic: event.details?.automatic,
  }));
}

describe('a reminder sent by the contractor', () => {
  let h: Harness;
  let stranger: string;
  beforeAll(async () => {
    h = await harness();
    stranger = await contractorReadyToSend(h.t, 'stranger@example.com', 'Stranger Co');
  });
  afterAll(() => h.t.close());

  it('emails the client a new link of its own, and every link of the contract opens it', async () => {
    const { id, token: first } = await sent(h);
    h.clock.advance(2 * HOUR_MS);
    const now = h.clock.now();

    const answer = await remind(h, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      id,
      reminded_at: now.toISOString(),
      reminder: 1,
      to: [theClient],
      remind_allowed_at: new Date(now.getTime() + HOUR_MS).toISOString(),
    });

    const mails = await queuedMails(h.t, id, 'signing_reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to_address).toBe(TEST_CLIENT.email);
    expect(mails[0]?.subject).toBe('Reminder: Greenleaf Co is waiting for your signature');
    const second = tokenIn(mails[0]?.text ?? '');
    expect(second).toHaveLength(43);
    expect(second).not.toBe(first);
    expect(tokenIn(mails[0]?.html ?? '')).toBe(second);

    // Tokens are stored hashed: the reminder's link is a link of its own, and both work.
    for (const token of [first, second]) {
      const view = await newDevice().open(h.t, token);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ id, status: 'sent' });
    }

    const [event] = await eventsOf(h.t, id, 'reminder_sent');
    expect(event).toMatchObject({ at: now.toISOString(), actor: OWNER });
    expect(event?.details).toMatchObject({ reminder: 1, automatic: false, to: [theClient] });
    const [linkId] = event?.details?.link_ids as number[];
    const link = await h.t.sql.get(
      'SELECT id, purpose, reminder, expires_at FROM signing_links WHERE id = ?',
      linkId,
    );
    const contract = await contractOf(h.t, h.owner, id);
    expect(link).toEqual({
      id: linkId,
      purpose: 'reminder',
      reminder: 1,
      expires_at: contract.expires_at,
    });
    expect(contract.last_reminder_at).toBe(now.toISOString());
    expect(contract.remind_allowed_at).toBe(new Date(now.getTime() + HOUR_MS).toISOString());
  });

  it('answers 429 with Retry-After and the time it may go within the hour, then goes again after it', async () => {
    const { id } = await sent(h);
    const first = h.clock.advance(HOUR_MS);
    expect((await remind(h, id)).statusCode).toBe(200);
    const allowedAt = new Date(first.getTime() + HOUR_MS).toISOString();

    h.clock.advance(10 * MINUTE_MS);
    const tooSoon = await remind(h, id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe(String(50 * 60));
    expect(tooSoon.body).toBe(withinTheHour(allowedAt));
    expect(await queuedMails(h.t, id, 'signing_reminder')).toHaveLength(1);
    expect(await remindersOf(h, id)).toHaveLength(1);

    h.clock.advance(51 * MINUTE_MS); // 61 minutes after the first
    const later = await remind(h, id);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ reminder: 2 });
    expect(await queuedMails(h.t, id, 'signing_reminder')).toHaveLength(2);
    expect(await remindersOf(h, id)).toEqual([
      { reminder: 1, automatic: false },
      { reminder: 2, automatic: false },
    ]);
  });

  it('is refused with the reason (409) on a draft and on a signed contract', async () => {
    const draft = await savedDraft(h.t, h.owner);
    const onDraft = await remind(h, draft);
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.body).toBe(WHY_NOT.draft);
    expect(onDraft.body).toBe('This contract has not been sent yet');

    const { id, token } = await sent(h);
    expect((await clientSigns(h.t, token)).statusCode).toBe(200);
    const onSigned = await remind(h, id);
    expect(onSigned.statusCode).toBe(409);
    expect(onSigned.body).toBe('This contract was already signed');
    expect(await queuedMails(h.t, id, 'signing_reminder')).toEqual([]);
    expect(await queuedMails(h.t, draft)).toEqual([]);
  });

  it("is a 404 for another contractor's contract, and sends nothing", async () => {
    const { id } = await sent(h);
    const answer = await remind(h, id, stranger);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe('Contract not found');
    expect(await queuedMails(h.t, id, 'signing_reminder')).toEqual([]);
    expect(await remindersOf(h, id)).toEqual([]);
  });

  it('does the same through its tRPC twin followUp.remind', async () => {
    const { id, token } = await sent(h);
    const now = h.clock.advance(HOUR_MS);
    const call = (input: unknown, cookie = h.owner) =>
      trpcMutation(h.t.app, 'followUp.remind', input, { cookie });

    const answer = await call({ id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ result: { data: unknown } }>().result.data).toEqual({
      id,
      reminded_at: now.toISOString(),
      reminder: 1,
      to: [theClient],
      remind_allowed_at: new Date(now.getTime() + HOUR_MS).toISOString(),
    });
    const reminderToken = await newestToken(h.t, id, 'signing_reminder');
    expect(reminderToken).not.toBe(token);

    h.clock.advance(MINUTE_MS);
    const tooSoon = await call({ id });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe(String(59 * 60));
    const error = tooSoon.json<{ error: { message: string; data: { code: string } } }>().error;
    expect(error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe(withinTheHour(new Date(now.getTime() + HOUR_MS).toISOString()));

    const draft = await savedDraft(h.t, h.owner);
    const onDraft = await call({ id: draft });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json<{ error: { message: string } }>().error.message).toBe(WHY_NOT.draft);

    const theirs = await call({ id }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(await queuedMails(h.t, id, 'signing_reminder')).toHaveLength(1);
  });
});

describe('automatic reminders', () => {
  let h: Harness;
  afterEach(() => h.t.close());

  const worker = () =>
    startFollowUpWorker({ ...followUpDeps(h.t, h.clock.now), log: quietLog, pollMs: DAY_MS });

  /** One pass of a fresh worker at `day` days (and `extra` ms) after sending. */
  async function passAt(day: number, extra = 0) {
    h.clock.at(day * DAY_MS + extra);
    const w = worker();
    try {
      return await w.runOnce();
    } finally {
      await w.stop();
    }
  }

  it('go on days 3, 7 and 11 with the defaults, each exactly once, and never a fourth', async () => {
    h = await harness();
    const { id } = await sent(h);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBe(iso(3 * DAY_MS));

    expect(await passAt(0)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(3, -MINUTE_MS)).toEqual({ expired: 0, reminded: 0 });
    expect(await queuedMails(h.t, id, 'signing_reminder')).toEqual([]);

    expect(await passAt(3)).toEqual({ expired: 0, reminded: 1 });
    expect(await passAt(3)).toEqual({ expired: 0, reminded: 0 });
    expect(await sendDueReminders(followUpDeps(h.t, h.clock.now))).toBe(0);
    expect(await remindersOf(h, id)).toEqual([{ reminder: 1, automatic: true }]);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBe(iso(7 * DAY_MS));

    expect(await passAt(7, -MINUTE_MS)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(7)).toEqual({ expired: 0, reminded: 1 });
    expect(await passAt(7, HOUR_MS)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(11)).toEqual({ expired: 0, reminded: 1 });
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBeNull();
    for (const day of [15, 19, 23, 29]) {
      expect(await passAt(day)).toEqual({ expired: 0, reminded: 0 });
    }

    expect(await remindersOf(h, id)).toEqual([
      { reminder: 1, automatic: true },
      { reminder: 2, automatic: true },
      { reminder: 3, automatic: true },
    ]);
    const mails = await queuedMails(h.t, id, 'signing_reminder');
    expect(mails.map((mail) => mail.dedupe_key)).toEqual([
      `reminder:${id}:auto:1`,
      `reminder:${id}:auto:2`,
      `reminder:${id}:auto:3`,
    ]);
    expect(mails.every((mail) => mail.to_address === TEST_CLIENT.email)).toBe(true);
    // Each reminder mail carries a link of its own.
    expect(await reminderLinks(id)).toEqual([1, 2, 3]);
    expect(new Set(mails.map((mail) => tokenIn(mail.text))).size).toBe(3);
  });

  /** Reminder numbers of the contract's reminder links, oldest first. */
  const reminderLinks = async (id: number) =>
    (
      await h.t.sql.all<{ reminder: number }>(
        "SELECT reminder FROM signing_links WHERE contract_id = ? AND purpose = 'reminder' ORDER BY id",
        id,
      )
    ).map((row) => row.reminder);

  /** Two workers (two processes, or one restarting) pass at the same clock. */
  async function racingPassesAt(day: number) {
    h.clock.at(day * DAY_MS);
    const [one, two] = [worker(), worker()];
    try {
      const passes = await Promise.all([one.runOnce(), two.runOnce()]);
      return passes.reduce((sum, pass) => sum + pass.reminded, 0);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  }

  it('go once when two workers pass at the same time', async () => {
    h = await harness();
    const { id } = await sent(h);
    expect(await racingPassesAt(3)).toBe(1);
    expect(await passAt(3)).toEqual({ expired: 0, reminded: 0 });
    expect((await queuedMails(h.t, id, 'signing_reminder')).map((mail) => mail.dedupe_key)).toEqual(
      [`reminder:${id}:auto:1`],
    );
    expect(await eventsOf(h.t, id, 'reminder_sent')).toHaveLength(1);
    expect(await racingPassesAt(7)).toBe(1);
    expect(await racingPassesAt(11)).toBe(1);
    expect(await racingPassesAt(15)).toBe(0);
    expect(await queuedMails(h.t, id, 'signing_reminder')).toHaveLength(3);
    expect(await eventsOf(h.t, id, 'reminder_sent')).toHaveLength(3);
  });

  it('keep their numbers 1, 2, 3 when two workers raced for one of them', async () => {
    h = await harness();
    const { id } = await sent(h);
    expect(await racingPassesAt(3)).toBe(1);
    expect(await passAt(7)).toEqual({ expired: 0, reminded: 1 });
    expect(await passAt(11)).toEqual({ expired: 0, reminded: 1 });
    expect(await remindersOf(h, id)).toEqual([
      { reminder: 1, automatic: true },
      { reminder: 2, automatic: true },
      { reminder: 3, automatic: true },
    ]);
    expect(await reminderLinks(id)).toEqual([1, 2, 3]);
  });

  it('stop at the link’s expiry: none falls after it', async () => {
    h = await harness({ SIGNING_LINK_DAYS: '10' });
    const { id } = await sent(h);
    expect(await passAt(3)).toEqual({ expired: 0, reminded: 1 });
    expect(await passAt(7)).toEqual({ expired: 0, reminded: 1 });
    // The third would be due on day 11, after the deadline: it is never scheduled.
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBeNull();
    expect(await passAt(9, 23 * HOUR_MS)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(10)).toEqual({ expired: 1, reminded: 0 });
    expect(await passAt(11)).toEqual({ expired: 0, reminded: 0 });
    expect(await remindersOf(h, id)).toEqual([
      { reminder: 1, automatic: true },
      { reminder: 2, automatic: true },
    ]);
  });

  it('go to no contract that was signed, declined or withdrawn', async () => {
    h = await harness();
    const signed = await sent(h);
    const declined = await sent(h);
    const voided = await sent(h);
    const waiting = await sent(h);
    h.clock.at(DAY_MS);
    expect((await newDevice().sign(h.t, signed.token)).statusCode).toBe(200);
    expect((await newDevice().decline(h.t, declined.token, 'Too expensive')).statusCode).toBe(200);
    expect((await withdraw(h, voided.id, 'Wrong address on it')).statusCode).toBe(200);

    expect(await passAt(3)).toEqual({ expired: 0, reminded: 1 });
    for (const day of [7, 11, 15]) await passAt(day);
    for (const closed of [signed, declined, voided]) {
      expect(await queuedMails(h.t, closed.id, 'signing_reminder')).toEqual([]);
      expect(await remindersOf(h, closed.id)).toEqual([]);
    }
    expect(await remindersOf(h, waiting.id)).toHaveLength(3);
  });

  it('stop when the contractor turns them off in the settings (PUT /api/prefs)', async () => {
    h = await harness();
    const { id } = await sent(h);
    h.clock.at(DAY_MS);
    const off = await jsonPut(
      h.t.app,
      '/api/prefs',
      { reminders_enabled: false },
      { cookie: h.owner },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ reminders_enabled: false });
    for (const day of [3, 7, 11, 15]) {
      expect(await passAt(day)).toEqual({ expired: 0, reminded: 0 });
    }
    expect(await remindersOf(h, id)).toEqual([]);
    expect(await queuedMails(h.t, id, 'signing_reminder')).toEqual([]);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBeNull();
  });

  it('stop too when turned off through the tRPC twin prefs.update', async () => {
    h = await harness();
    const { id } = await sent(h);
    const off = await trpcMutation(
      h.t.app,
      'prefs.update',
      { reminders_enabled: false },
      { cookie: h.owner },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBeNull();
    expect(await passAt(3)).toEqual({ expired: 0, reminded: 0 });
    expect(await remindersOf(h, id)).toEqual([]);
  });

  it('are not scheduled for a contract sent while they are off', async () => {
    h = await harness();
    const off = await jsonPut(
      h.t.app,
      '/api/prefs',
      { reminders_enabled: false },
      { cookie: h.owner },
    );
    expect(off.statusCode).toBe(200);
    const { id } = await sent(h);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBeNull();
    for (const day of [3, 7, 11]) {
      expect(await passAt(day)).toEqual({ expired: 0, reminded: 0 });
    }
    expect(await remindersOf(h, id)).toEqual([]);
  });

  it('are scheduled again when the contractor turns them back on', async () => {
    h = await harness();
    const off = await jsonPut(
      h.t.app,
      '/api/prefs',
      { reminders_enabled: false },
      { cookie: h.owner },
    );
    expect(off.statusCode).toBe(200);
    const { id } = await sent(h);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBeNull();

    h.clock.at(DAY_MS);
    const on = await jsonPut(
      h.t.app,
      '/api/prefs',
      { reminders_enabled: true },
      { cookie: h.owner },
    );
    expect(on.statusCode).toBe(200);
    expect(await passAt(3)).toEqual({ expired: 0, reminded: 1 });
    expect(await remindersOf(h, id)).toEqual([{ reminder: 1, automatic: true }]);
    expect((await contractOf(h.t, h.owner, id)).next_reminder_at).toBe(iso(7 * DAY_MS));
  });

  it('follow the account’s schedule: first after reminder_first_days, then every reminder_every_days, at most reminder_max', async () => {
    h = await harness();
    const settings = { reminder_first_days: 2, reminder_every_days: 5, reminder_max: 2 };
    const saved = await jsonPut(h.t.app, '/api/prefs', settings, { cookie: h.owner });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(settings);
    const { id } = await sent(h);
    expect(await passAt(2, -MINUTE_MS)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(2)).toEqual({ expired: 0, reminded: 1 });
    expect(await passAt(6)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(7)).toEqual({ expired: 0, reminded: 1 });
    expect(await passAt(12)).toEqual({ expired: 0, reminded: 0 });
    expect(await remindersOf(h, id)).toHaveLength(2);
  });

  it('keep their interval from a reminder sent by hand', async () => {
    h = await harness();
    const { id } = await sent(h);
    h.clock.at(2 * DAY_MS);
    expect((await remind(h, id)).statusCode).toBe(200);
    // Day 3 is too close to the reminder of day 2: the automatic one waits 4 days from it.
    expect(await passAt(3)).toEqual({ expired: 0, reminded: 0 });
    expect(await passAt(6)).toEqual({ expired: 0, reminded: 1 });
    expect(await remindersOf(h, id)).toEqual([
      { reminder: 1, automatic: false },
      { reminder: 2, automatic: true },
    ]);
  });

  it.each([
    [{ reminder_first_days: 0 }, 'reminder_first_days: At least 1 day'],
    [{ reminder_first_days: 31 }, 'reminder_first_days: At most 30 days'],
    [{ reminder_first_days: 2.5 }, 'reminder_first_days: Whole days only'],
    [{ reminder_every_days: 0 }, 'reminder_every_days: At least 1 day'],
    [{ reminder_every_days: 31 }, 'reminder_every_days: At most 30 days'],
    [{ reminder_max: -1 }, 'reminder_max: At least 0'],
    [{ reminder_max: 11 }, 'reminder_max: At most 10 reminders'],
    [{ reminders_enabled: 'yes' }, 'reminders_enabled: Must be true or false'],
    [{ viewed_alerts_enabled: 1 }, 'viewed_alerts_enabled: Must be true or false'],
  ])('settings %o are refused with 400 and the reason', async (body, message) => {
    h = await harness();
    const answer = await jsonPut(h.t.app, '/api/prefs', body, { cookie: h.owner });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe(message);
    const prefs = (await get(h.t.app, '/api/prefs', { cookie: h.owner })).json<unknown>();
    expect(prefs).toMatchObject({
      viewed_alerts_enabled: true,
      reminders_enabled: true,
      reminder_first_days: 3,
      reminder_every_days: 4,
      reminder_max: 3,
    });
  });
});

describe('expiry', () => {
  let h: Harness;
  afterEach(() => h.t.close());

  it('moves a sent contract to expired on the worker’s pass at its deadline, recorded at the deadline', async () => {
    h = await harness({ SIGNING_LINK_DAYS: '30' });
    const { id, token } = await sent(h);
    const deadline = iso(30 * DAY_MS);
    const worker = startFollowUpWorker({
      ...followUpDeps(h.t, h.clock.now),
      log: quietLog,
      pollMs: DAY_MS,
    });
    try {
      h.clock.at(30 * DAY_MS - MINUTE_MS);
      expect((await worker.runOnce()).expired).toBe(0);
      h.clock.at(30 * DAY_MS + 5 * HOUR_MS);
      expect((await worker.runOnce()).expired).toBe(1);
      expect((await worker.runOnce()).expired).toBe(0);
    } finally {
      await worker.stop();
    }
    expect(await h.t.sql.value('SELECT status FROM contracts WHERE id = ?', id)).toBe('expired');
    expect(await eventsOf(h.t, id, 'expired')).toMatchObject([
      { at: deadline, details: { expires_at: deadline } },
    ]);
    const contract = await contractOf(h.t, h.owner, id);
    expect(contract).toMatchObject({ status: 'expired', expires_at: deadline });
    expect(contract.next_reminder_at).toBeNull();

    const view = await newDevice().open(h.t, token);
    expect(view.json()).toMatchObject({ id, status: 'expired', closed_at: deadline });
    const late = await remind(h, id);
    expect(late.statusCode).toBe(409);
    expect(late.body).toBe(WHY_NOT.expired);
    expect(late.body).toBe('This contract’s signing link has expired: send a new link first');
  });

  it('shows on the contractor’s screens without the worker (GET one and the list)', async () => {
    h = await harness();
    const one = await sent(h);
    const other = await sent(h);
    h.clock.at(30 * DAY_MS);
    expect((await contractOf(h.t, h.owner, one.id)).status).toBe('expired');
    const list = (await get(h.t.app, '/api/contracts', { cookie: h.owner })).json<
      { id: number; status: string }[]
    >();
    expect(list.filter((card) => [one.id, other.id].includes(card.id))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: one.id, status: 'expired' }),
        expect.objectContaining({ id: other.id, status: 'expired' }),
      ]),
    );
    // Read again and again: recorded once.
    await contractOf(h.t, h.owner, one.id);
    await get(h.t.app, '/api/contracts', { cookie: h.owner });
    expect(await eventsOf(h.t, one.id, 'expired')).toHaveLength(1);
    expect(await eventsOf(h.t, other.id, 'expired')).toHaveLength(1);
    expect((await remind(h, other.id)).statusCode).toBe(409);
  });
});

describe('a new link (extend)', () => {
  let h: Harness;
  afterEach(() => h.t.close());

  it.each([
    [0, 'days: At least 1 day'],
    [91, 'days: At most 90 days'],
    [1.5, 'days: Whole days only'],
    ['7', 'days: Enter a number of days'],
  ])('refuses %o days with 400 and the reason', async (days, message) => {
    h = await harness();
    const { id } = await sent(h);
    const answer = await extend(h, id, days);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe(message);
    expect(await queuedMails(h.t, id, 'signing_new_link')).toEqual([]);
  });

  it('reopens an expired contract with a fresh link that works for the given days', async () => {
    h = await harness();
    const { id, token: first } = await sent(h);
    const now = h.clock.at(31 * DAY_MS);
    expect((await contractOf(h.t, h.owner, id)).status).toBe('expired');
    expect((await newDevice().sign(h.t, first)).statusCode).toBe(409);

    const answer = await extend(h, id, 7);
    expect(answer.statusCode, answer.body).toBe(200);
    const until = new Date(now.getTime() + 7 * DAY_MS).toISOString();
    expect(answer.json()).toEqual({
      id,
      status: 'sent',
      expires_at: until,
      emailed: true,
      next_email_at: new Date(now.getTime() + HOUR_MS).toISOString(),
      message: null,
      to: [theClient],
    });
    expect(await contractOf(h.t, h.owner, id)).toMatchObject({ status: 'sent', expires_at: until });
    expect(await eventsOf(h.t, id, 'link_extended')).toMatchObject([
      {
        at: now.toISOString(),
        actor: OWNER,
        details: { expires_at: until, days: 7, to: [theClient] },
      },
    ]);

    const mails = await queuedMails(h.t, id, 'signing_new_link');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: TEST_CLIENT.email,
      subject: 'Greenleaf Co sent you a new link to sign your contract',
    });
    const fresh = tokenIn(mails[0]?.text ?? '');
    expect(fresh).toHaveLength(43);
    expect(fresh).not.toBe(first);
    const view = await newDevice().open(h.t, fresh);
    expect(view.json()).toMatchObject({ id, status: 'sent', expires_at: until });

    h.clock.advance(6 * DAY_MS);
    const signature = await newDevice().sign(h.t, fresh);
    expect(signature.statusCode, signature.body).toBe(200);
    expect((await eventsOf(h.t, id, 'signed_by_client'))[0]?.details?.link).toMatchObject({
      purpose: 'extension',
      issued_at: now.toISOString(),
    });
  });

  it('pushes back a sent contract’s deadline and never brings it forward', async () => {
    h = await harness();
    const { id, token } = await sent(h);
    const deadline = iso(30 * DAY_MS);
    const emailed = { emailed: true, message: null };

    h.clock.at(DAY_MS);
    const shorter = await extend(h, id, 7);
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json()).toMatchObject({ id, status: 'sent', expires_at: deadline, ...emailed });
    expect((await contractOf(h.t, h.owner, id)).expires_at).toBe(deadline);

    // An hour later the client may be emailed again.
    h.clock.at(DAY_MS + HOUR_MS);
    const later = iso(DAY_MS + HOUR_MS + 90 * DAY_MS);
    const longer = await extend(h, id, 90);
    expect(longer.json()).toMatchObject({ id, status: 'sent', expires_at: later, ...emailed });
    h.clock.at(2 * DAY_MS + 2 * HOUR_MS);
    expect((await extend(h, id, 1)).json()).toMatchObject({ expires_at: later, ...emailed });
    expect((await contractOf(h.t, h.owner, id)).expires_at).toBe(later);

    // Past the first deadline, the first link still works until the later one.
    h.clock.at(45 * DAY_MS);
    expect((await contractOf(h.t, h.owner, id)).status).toBe('sent');
    expect((await newDevice().open(h.t, token)).json()).toMatchObject({ status: 'sent' });
    expect(await queuedMails(h.t, id, 'signing_new_link')).toHaveLength(3);
  });

  it('is refused on a draft and on a signed contract (409)', async () => {
    h = await harness();
    const draft = await savedDraft(h.t, h.owner);
    const onDraft = await extend(h, draft, 7);
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.body).toBe(WHY_NOT.draft);
    const { id, token } = await sent(h);
    expect((await newDevice().sign(h.t, token)).statusCode).toBe(200);
    const onSigned = await extend(h, id, 7);
    expect(onSigned.statusCode).toBe(409);
    expect(onSigned.body).toBe(WHY_NOT.signed);
  });
});

describe('withdrawing (void)', () => {
  let h: Harness;
  afterEach(() => h.t.close());

  it.each([
    ['ab', 'reason: The reason needs at least 3 characters'],
    ['   ab   ', 'reason: The reason needs at least 3 characters'],
    ['x'.repeat(501), 'reason: The reason can have at most 500 characters'],
    [undefined, 'reason: Please give a reason for withdrawing the contract'],
  ])('refuses the reason %#, with 400 and why', async (reason, message) => {
    h = await harness();
    const { id } = await sent(h);
    const answer = await withdraw(h, id, reason);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe(message);
    expect((await contractOf(h.t, h.owner, id)).status).toBe('sent');
  });

  it('closes every link of a sent contract, tells the client, and cannot happen twice', async () => {
    h = await harness();
    const { id, token: first } = await sent(h);
    h.clock.at(2 * HOUR_MS);
    expect((await remind(h, id)).statusCode).toBe(200);
    const second = await newestToken(h.t, id, 'signing_reminder');

    const now = h.clock.at(3 * HOUR_MS);
    const reason = 'x'.repeat(500);
    const answer = await withdraw(h, id, reason);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ id, status: 'voided', closed_at: now.toISOString() });
    expect(await contractOf(h.t, h.owner, id)).toMatchObject({
      status: 'voided',
      closed_at: now.toISOString(),
      closed_reason: reason,
      next_reminder_at: null,
    });
    expect(await eventsOf(h.t, id, 'voided')).toMatchObject([
      { actor: OWNER, details: { reason } },
    ]);

    for (const token of [first, second]) {
      const view = await newDevice().open(h.t, token);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({
        id,
        status: 'voided',
        company_name: 'Greenleaf Co',
        company_phone: null,
        company_email: null,
        closed_at: now.toISOString(),
        closed_reason: reason,
        declined_by: null,
        language: 'en',
        change_order: null,
      });
      const signature = await newDevice().sign(h.t, token);
      expect(signature.statusCode).toBe(409);
      expect(signature.body).toBe('This contract was withdrawn by the sender');
    }
    expect(await eventsOf(h.t, id, 'signed_by_client')).toEqual([]);
    expect(await eventsOf(h.t, id, 'consented')).toEqual([]);

    const notices = await queuedMails(h.t, id, 'withdrawn_notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      to_address: TEST_CLIENT.email,
      subject: `Greenleaf Co withdrew contract #${id}`,
    });
    expect(notices[0]?.text).toContain(reason);

    const again = await withdraw(h, id, 'Once more');
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This contract was withdrawn');
    expect((await remind(h, id)).body).toBe('This contract was withdrawn');
    expect(await queuedMails(h.t, id, 'withdrawn_notice')).toHaveLength(1);
  });

  it('withdraws an expired contract too', async () => {
    h = await harness();
    const { id, token } = await sent(h);
    h.clock.at(31 * DAY_MS);
    const answer = await withdraw(h, id, 'The season is over');
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await contractOf(h.t, h.owner, id)).status).toBe('voided');
    expect((await newDevice().open(h.t, token)).json()).toMatchObject({
      status: 'voided',
      closed_reason: 'The season is over',
    });
    expect(await queuedMails(h.t, id, 'withdrawn_notice')).toHaveLength(1);
  });

  it("is refused on a draft (409) and on another contractor's contract (404)", async () => {
    h = await harness();
    const draft = await savedDraft(h.t, h.owner);
    const onDraft = await withdraw(h, draft, 'Not needed');
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.body).toBe(WHY_NOT.draft);
    const { id } = await sent(h);
    const stranger = await contractorReadyToSend(h.t, 'other@example.com', 'Other Co');
    const theirs = await withdraw(h, id, 'Not mine', stranger);
    expect(theirs.statusCode).toBe(404);
    expect((await contractOf(h.t, h.owner, id)).status).toBe('sent');
  });
});

describe('revising', () => {
  let h: Harness;
  afterEach(() => h.t.close());

  const CONTENT_FIELDS = [
    'client_name',
    'client_email',
    'client_phone',
    'client_address',
    'scope_raw',
    'scope_clean',
    'total_price_cents',
    'payment_plan_json',
  ] as const;

  it('answers a new draft copying the contract, and withdraws the sent one first', async () => {
    h = await harness();
    const { id, token } = await sent(h);
    const now = h.clock.at(HOUR_MS);
    const answer = await revise(h, id);
    expect(answer.statusCode, answer.body).toBe(200);
    const revisionId = answer.json<{ id: number }>().id;
    expect(answer.json()).toEqual({ id: revisionId });
    expect(revisionId).not.toBe(id);

    const original = await contractOf(h.t, h.owner, id);
    const revision = await contractOf(h.t, h.owner, revisionId);
    for (const field of CONTENT_FIELDS) expect(revision[field]).toEqual(original[field]);
    expect(revision).toMatchObject({
      status: 'draft',
      revision_of: id,
      revision_number: 2,
      original_id: id,
      my_signature_png: null,
      my_signed_at: null,
      sent_at: null,
      template_html: null,
      revised_as: null,
    });
    expect(original).toMatchObject({
      status: 'voided',
      closed_reason: 'Replaced by a revised contract',
      closed_at: now.toISOString(),
      revised_as: revisionId,
    });
    expect((await eventsOf(h.t, id)).map((event) => event.type).slice(-2)).toEqual([
      'voided',
      'revised',
    ]);
    expect((await eventsOf(h.t, id, 'revised'))[0]?.details).toEqual({ revision_id: revisionId });
    expect(await eventsOf(h.t, revisionId)).toMatchObject([
      { type: 'created', details: { revision_of: id } },
    ]);
    expect(await queuedMails(h.t, id, 'withdrawn_notice')).toHaveLength(1);
    expect((await queuedMails(h.t, id, 'withdrawn_notice'))[0]?.text).toContain(
      'Replaced by a revised contract',
    );
    expect((await newDevice().open(h.t, token)).json()).toMatchObject({ status: 'voided' });

    const again = await revise(h, id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(`This contract was already revised as Contract #${revisionId}`);
    expect(
      await h.t.sql.value<number>('SELECT COUNT(*) FROM contracts WHERE revision_of = ?', id),
    ).toBe(1);
  });

  it('makes exactly one new draft of two revisions at once', async () => {
    h = await harness();
    const { id } = await sent(h);
    const answers = await Promise.all([revise(h, id), revise(h, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(
      await h.t.sql.value<number>('SELECT COUNT(*) FROM contracts WHERE revision_of = ?', id),
    ).toBe(1);
    expect(
      await h.t.sql.value<number>("SELECT COUNT(*) FROM contracts WHERE status = 'draft'"),
    ).toBe(1);
    expect(await eventsOf(h.t, id, 'voided')).toHaveLength(1);
    expect(await queuedMails(h.t, id, 'withdrawn_notice')).toHaveLength(1);
  });

  /** Two revisions started at the same instant, straight on the service (two processes). */
  async function racingRevisions(id: number) {
    const user = await sessionUserByEmail(h.t.db, OWNER);
    const actor = { email: OWNER, ip: '203.0.113.5', userAgent: 'Laptop/1.0' };
    const deps = followUpDeps(h.t, h.clock.now);
    return Promise.allSettled([
      reviseContract(deps, user, id, actor),
      reviseContract(deps, user, id, actor),
    ]);
  }

  it('makes exactly one new draft when two revisions pass their checks at once', async () => {
    h = await harness();
    const { id } = await sent(h);
    const outcomes = await racingRevisions(id);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(
      await h.t.sql.value<number>('SELECT COUNT(*) FROM contracts WHERE revision_of = ?', id),
    ).toBe(1);
    expect(await eventsOf(h.t, id, 'voided')).toHaveLength(1);
    expect(await queuedMails(h.t, id, 'withdrawn_notice')).toHaveLength(1);
  });

  it('tells the loser of two revisions at once which revision won', async () => {
    h = await harness();
    const { id } = await sent(h);
    const outcomes = await racingRevisions(id);
    const won = outcomes.find((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    const winner = (won as PromiseFulfilledResult<{ id: number }>).value.id;
    expect(String((lost as PromiseRejectedResult).reason)).toContain(
      `This contract was already revised as Contract #${winner}`,
    );
  });

  it('revises expired and declined contracts without withdrawing anything', async () => {
    h = await harness();
    const expired = await sent(h);
    const declined = await sent(h);
    expect((await newDevice().decline(h.t, declined.token, 'Too expensive')).statusCode).toBe(200);
    h.clock.at(31 * DAY_MS);
    for (const { id } of [expired, declined]) {
      const before = (await contractOf(h.t, h.owner, id)).status;
      const answer = await revise(h, id);
      expect(answer.statusCode, answer.body).toBe(200);
      const after = await contractOf(h.t, h.owner, id);
      expect(after.status).toBe(before);
      expect(after.revised_as).toBe(answer.json<{ id: number }>().id);
      expect(await queuedMails(h.t, id, 'withdrawn_notice')).toEqual([]);
    }
  });

  it('is refused on a draft and on a signed contract (409)', async () => {
    h = await harness();
    const draft = await savedDraft(h.t, h.owner);
    const onDraft = await revise(h, draft);
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.body).toBe('This contract has not been sent yet');
    const { id, token } = await sent(h);
    expect((await newDevice().sign(h.t, token)).statusCode).toBe(200);
    const onSigned = await revise(h, id);
    expect(onSigned.statusCode).toBe(409);
    expect(onSigned.body).toBe('This contract was already signed');
    expect(
      await h.t.sql.value<number>('SELECT COUNT(*) FROM contracts WHERE revision_of IS NOT NULL'),
    ).toBe(0);
  });

  it('gives a draft that is signed, sent and signed by the client like any other', async () => {
    h = await harness();
    const { id } = await sent(h);
    const revisionId = (await revise(h, id)).json<{ id: number }>().id;
    const cookie = { cookie: h.owner };
    const mine = await jsonPost(
      h.t.app,
      `/api/contracts/${revisionId}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      cookie,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const sentAgain = await jsonPost(
      h.t.app,
      `/api/contracts/${revisionId}/send`,
      { client_data: TEST_CLIENT },
      cookie,
    );
    expect(sentAgain.statusCode, sentAgain.body).toBe(200);
    const token = await newestToken(h.t, revisionId, 'signing_request');
    const signature = await clientSigns(h.t, token);
    expect(signature.statusCode, signature.body).toBe(200);
    expect(await contractOf(h.t, h.owner, revisionId)).toMatchObject({
      status: 'completed',
      revision_of: id,
      revision_number: 2,
    });

    // A revision of a revision keeps the first contract as its original.
    const second = await sent(h);
    const r1 = (await revise(h, second.id)).json<{ id: number }>().id;
    await jsonPost(
      h.t.app,
      `/api/contracts/${r1}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      cookie,
    );
    await jsonPost(h.t.app, `/api/contracts/${r1}/send`, { client_data: TEST_CLIENT }, cookie);
    const r2 = await revise(h, r1);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(await contractOf(h.t, h.owner, r2.json<{ id: number }>().id)).toMatchObject({
      revision_of: r1,
      original_id: second.id,
      revision_number: 3,
    });
  });
});

describe('the audit trail', () => {
  let h: Harness;
  afterAll(() => h.t.close());

  it('says which emailed link the client signed through: reminder 1', async () => {
    h = await harness();
    const { id } = await sent(h);
    const remindedAt = h.clock.at(HOUR_MS);
    expect((await remind(h, id)).statusCode).toBe(200);
    const token = await newestToken(h.t, id, 'signing_reminder');
    h.clock.at(3 * HOUR_MS);
    expect((await clientSigns(h.t, token)).statusCode).toBe(200);

    const timeline = await get(h.t.app, `/api/contracts/${id}/timeline`, { cookie: h.owner });
    expect(timeline.statusCode).toBe(200);
    const events = timeline.json<ContractEvent[]>();
    const signed = events.find((event) => event.type === 'signed_by_client');
    const [link] = (await eventsOf(h.t, id, 'reminder_sent'))[0]?.details?.link_ids as number[];
    expect(signed?.details?.link).toEqual({
      id: link,
      purpose: 'reminder',
      issued_at: remindedAt.toISOString(),
      reminder: 1,
    });
    if (!signed) throw new Error('no signed_by_client event');
    expect(describeEvent(signed, messagesFor('en').events)).toBe(
      'Signed by the client through reminder 1, emailed Dec 1, 2026',
    );
    expect(describeEvent(signed, CONTRACTOR_EVENT_LINES)).toBe(
      'Client signed through reminder 1, emailed Dec 1, 2026',
    );
    const reminder = events.find((event) => event.type === 'reminder_sent');
    if (!reminder) throw new Error('no reminder_sent event');
    expect(describeEvent(reminder, CONTRACTOR_EVENT_LINES)).toBe(
      'Reminder 1 sent to Jordan Rivera by the contractor',
    );
    expect(describeEvent(reminder, messagesFor('en').events)).toBe(
      'Reminder 1 emailed to Jordan Rivera with a new signing link, by the contractor',
    );
    const contract: Contract = await contractOf(h.t, h.owner, id);
    expect(contract.status).toBe('completed');
  });
});
