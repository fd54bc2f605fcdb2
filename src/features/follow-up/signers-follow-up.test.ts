import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTOR_EVENT_LINES, describeEvent } from '../../domain/contract-event-lines.js';
import type { ContractEvent } from '../../domain/contracts.schemas.js';
import { contractorReadyToSend, TEST_CLIENT } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  DAY_MS,
  eventsOf,
  followUpDeps,
  HOUR_MS,
  movableClock,
  queuedMails,
  quietLog,
  tokenIn,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import {
  CO_SIGNERS,
  linkMailedTo,
  sendContractWithSigners,
  signerSigns,
} from '../../test/signers-flow.js';
import { createTestApp, get, jsonPost, type TestApp } from '../../test/test-app.js';
import { startFollowUpWorker } from './follow-up-worker.js';

/**
 * Issue 37: a contract's follow-up with several signers. A reminder or a new link goes to every
 * signer who was sent a link and has not signed, each a link of their own in their language; a
 * withdrawal tells everyone who holds a link; a revision keeps who signs and in what order.
 */
const START = new Date('2026-12-02T15:00:00.000Z');
const OWNER = 'signers-follow-up@example.com';
const [ALEX, SAM] = CO_SIGNERS;
const JORDAN = TEST_CLIENT;

let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  clock = movableClock(START);
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER);
});
afterAll(() => t.close());

const remind = (id: number) =>
  jsonPost(t.app, `/api/contracts/${id}/remind`, {}, { cookie: owner });
const extend = (id: number, days: number) =>
  jsonPost(t.app, `/api/contracts/${id}/extend`, { days }, { cookie: owner });
const withdraw = (id: number, reason: string) =>
  jsonPost(t.app, `/api/contracts/${id}/void`, { reason }, { cookie: owner });

/** A signer as a reminder's answer and its event name them. */
const named = (person: { name: string; email: string }) => ({
  id: expect.any(Number) as number,
  name: person.name,
  email: person.email,
});

async function sentTo(options: Parameters<typeof sendContractWithSigners>[2] = {}) {
  const contract = await sendContractWithSigners(t, owner, options);
  expect(contract.sent.statusCode, contract.sent.body).toBe(200);
  return contract;
}

/** Each signer's reminders as their row keeps them, in order. */
const signerReminders = (id: number) =>
  t.sql.all<{ name: string; reminders_sent: number; last_reminder_at: string | null }>(
    `SELECT name, reminders_sent, last_reminder_at FROM contract_signers
     WHERE contract_id = ? ORDER BY position`,
    id,
  );

/** A signer reads their mails in Spanish from now on. */
const speaksSpanish = (id: number, email: string) =>
  t.sql.run(
    "UPDATE contract_signers SET language = 'es' WHERE contract_id = ? AND email = ?",
    id,
    email,
  );

/** The contractor's timeline, each event in its words. */
async function timelineLines(id: number): Promise<string[]> {
  const answer = await get(t.app, `/api/contracts/${id}/timeline`, { cookie: owner });
  expect(answer.statusCode).toBe(200);
  return answer
    .json<ContractEvent[]>()
    .map((event) => describeEvent(event, CONTRACTOR_EVENT_LINES));
}

describe('a reminder with several signers', () => {
  it('reaches only the signer who has not signed, with a link of their own, and says so', async () => {
    const { id, tokens } = await sentTo();
    expect((await signerSigns(t, tokens[0] ?? '', JORDAN.name, 11)).statusCode).toBe(200);
    const remindedAt = clock.advance(2 * HOUR_MS).toISOString();

    const answer = await remind(id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ reminder: 1, to: [named(ALEX)] });
    const mails = await queuedMails(t, id, 'signing_reminder');
    expect(mails.map((mail) => mail.to_address)).toEqual([ALEX.email]);
    expect(mails[0]?.text).toContain('Alex Rivera');
    const [event] = await eventsOf(t, id, 'reminder_sent');
    expect(event?.details).toEqual({
      reminder: 1,
      automatic: false,
      to: [named(ALEX)],
      link_ids: [expect.any(Number)],
    });
    expect(await signerReminders(id)).toEqual([
      { name: JORDAN.name, reminders_sent: 0, last_reminder_at: null },
      { name: ALEX.name, reminders_sent: 1, last_reminder_at: remindedAt },
    ]);
    expect(await timelineLines(id)).toContain('Reminder 1 sent to Alex Rivera by the contractor');

    // The reminder's link is Alex's: signing through it signs the contract.
    const reminderToken = tokenIn(mails[0]?.text ?? '');
    expect(reminderToken).not.toBe(tokens[1]);
    const signed = await signerSigns(t, reminderToken, ALEX.name, 12);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ client_signed_at: remindedAt });
  });

  it('goes to both when neither signed, each in their language, under one number', async () => {
    const { id, tokens } = await sentTo();
    await speaksSpanish(id, ALEX.email);
    clock.advance(2 * HOUR_MS);
    const answer = await remind(id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ reminder: 1, to: [named(JORDAN), named(ALEX)] });

    const mails = await queuedMails(t, id, 'signing_reminder');
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([
      [JORDAN.email, 'Reminder: Greenleaf Co is waiting for your signature'],
      [ALEX.email, 'Recordatorio: Greenleaf Co está esperando su firma'],
    ]);
    const links = mails.map((mail) => tokenIn(mail.text));
    expect(new Set([...links, ...tokens]).size).toBe(4);
    expect(await linkMailedTo(t, id, ALEX.email)).toBe(links[1]);
    expect((await eventsOf(t, id, 'reminder_sent'))[0]?.details).toMatchObject({ mails: 2 });

    // The next one, an hour later, is reminder 2 for both: one number per reminder.
    clock.advance(HOUR_MS);
    expect((await remind(id)).json()).toMatchObject({ reminder: 2 });
    const numbers = await t.sql.all<{ reminder: number }>(
      "SELECT reminder FROM signing_links WHERE contract_id = ? AND purpose = 'reminder' ORDER BY id",
      id,
    );
    expect(numbers.map((link) => link.reminder)).toEqual([1, 1, 2, 2]);
    expect((await signerReminders(id)).map((signer) => signer.reminders_sent)).toEqual([2, 2]);
    expect(await timelineLines(id)).toContain(
      'Reminder 2 sent to Jordan Rivera and Alex Rivera by the contractor',
    );
  });

  it('on the schedule goes once to each, however many workers pass', async () => {
    const sentAt = clock.advance(DAY_MS);
    const { id } = await sentTo();
    clock.set(new Date(sentAt.getTime() + 3 * DAY_MS));
    const workers = [0, 1].map(() =>
      startFollowUpWorker({ ...followUpDeps(t, clock.now), log: quietLog, pollMs: DAY_MS }),
    );
    try {
      await Promise.all(workers.map((worker) => worker.runOnce()));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const mails = await queuedMails(t, id, 'signing_reminder');
    expect(mails.map((mail) => [mail.to_address, mail.dedupe_key])).toEqual([
      [JORDAN.email, `reminder:${id}:auto:1`],
      [ALEX.email, `reminder:${id}:auto:1:signer:2`],
    ]);
    expect(await eventsOf(t, id, 'reminder_sent')).toMatchObject([
      { details: { reminder: 1, automatic: true, to: [named(JORDAN), named(ALEX)] } },
    ]);
  });

  it('in order, never reaches the signer whose turn has not come, and follows the turn', async () => {
    const { id, tokens } = await sentTo({ order: 'in_order' });
    clock.advance(2 * HOUR_MS);
    const first = await remind(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ to: [named(JORDAN)] });
    expect((await queuedMails(t, id, 'signing_reminder')).map((mail) => mail.to_address)).toEqual([
      JORDAN.email,
    ]);
    expect(await linkMailedTo(t, id, ALEX.email)).toBe('');
    expect((await signerReminders(id)).map((signer) => signer.reminders_sent)).toEqual([1, 0]);

    // Jordan signs: Alex's turn comes, and the next reminder is Alex's alone.
    expect((await signerSigns(t, tokens[0] ?? '', JORDAN.name, 13)).statusCode).toBe(200);
    clock.advance(2 * HOUR_MS);
    const second = await remind(id);
    expect(second.json()).toMatchObject({ reminder: 2, to: [named(ALEX)] });
    expect((await queuedMails(t, id, 'signing_reminder')).map((mail) => mail.to_address)).toEqual([
      JORDAN.email,
      ALEX.email,
    ]);
  });
});

describe('a new link with several signers', () => {
  it('reopens an expired contract with a link of their own for both, and both can sign', async () => {
    clock.set(new Date('2027-01-04T15:00:00.000Z'));
    const { id, tokens } = await sentTo();
    const reopenedAt = clock.advance(31 * DAY_MS);
    const answer = await extend(id, 7);
    expect(answer.statusCode, answer.body).toBe(200);
    const until = new Date(reopenedAt.getTime() + 7 * DAY_MS).toISOString();
    expect(answer.json()).toMatchObject({
      status: 'sent',
      expires_at: until,
      emailed: true,
      to: [named(JORDAN), named(ALEX)],
    });
    const mails = await queuedMails(t, id, 'signing_new_link');
    expect(mails.map((mail) => mail.to_address)).toEqual([JORDAN.email, ALEX.email]);
    const fresh = mails.map((mail) => tokenIn(mail.text));
    expect(new Set([...fresh, ...tokens]).size).toBe(4);
    expect((await eventsOf(t, id, 'link_extended'))[0]?.details).toMatchObject({
      to: [named(JORDAN), named(ALEX)],
      mails: 2,
    });
    expect(await timelineLines(id)).toContain(
      'New signing link sent to Jordan Rivera and Alex Rivera, valid until Feb 11, 2027',
    );

    expect((await signerSigns(t, fresh[0] ?? '', JORDAN.name, 14)).statusCode).toBe(200);
    const last = await signerSigns(t, fresh[1] ?? '', ALEX.name, 15);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ client_signed_at: reopenedAt.toISOString() });
  });

  it('skips the signer who already signed', async () => {
    const { id, tokens } = await sentTo();
    expect((await signerSigns(t, tokens[1] ?? '', ALEX.name, 16)).statusCode).toBe(200);
    clock.advance(2 * HOUR_MS);
    const answer = await extend(id, 40);
    expect(answer.json()).toMatchObject({ emailed: true, to: [named(JORDAN)] });
    expect((await queuedMails(t, id, 'signing_new_link')).map((mail) => mail.to_address)).toEqual([
      JORDAN.email,
    ]);
  });
});

describe('a withdrawal with several signers', () => {
  const REASON = 'The roof needs a structural survey first.';

  it('tells every signer who holds a link, the one who signed too, each in their language', async () => {
    const { id, tokens } = await sentTo({ coSigners: CO_SIGNERS });
    await speaksSpanish(id, SAM.email);
    expect((await signerSigns(t, tokens[0] ?? '', JORDAN.name, 17)).statusCode).toBe(200);
    clock.advance(HOUR_MS);
    const answer = await withdraw(id, REASON);
    expect(answer.statusCode, answer.body).toBe(200);

    const told = await queuedMails(t, id, 'withdrawn_notice');
    expect(told.map((mail) => [mail.to_address, mail.subject])).toEqual([
      [JORDAN.email, `Greenleaf Co withdrew contract #${id}`],
      [ALEX.email, `Greenleaf Co withdrew contract #${id}`],
      [SAM.email, `Greenleaf Co retiró el contrato n.º ${id}`],
    ]);
    for (const [index, mail] of told.entries()) {
      expect(mail.text).toContain(REASON);
      expect(mail.text).toContain([JORDAN, ALEX, SAM][index]?.name);
    }
    expect((await eventsOf(t, id, 'voided'))[0]?.details).toEqual({
      reason: REASON,
      to: [named(JORDAN), named(ALEX), named(SAM)],
      mails: 3,
    });
  });

  it('in order, tells nobody whose turn never came', async () => {
    const { id } = await sentTo({ order: 'in_order' });
    expect((await withdraw(id, REASON)).statusCode).toBe(200);
    expect((await queuedMails(t, id, 'withdrawn_notice')).map((mail) => mail.to_address)).toEqual([
      JORDAN.email,
    ]);
  });

  it('tells both when a revision replaces the sent contract', async () => {
    const { id } = await sentTo();
    const revised = await jsonPost(t.app, `/api/contracts/${id}/revise`, {}, { cookie: owner });
    expect(revised.statusCode, revised.body).toBe(200);
    const told = await queuedMails(t, id, 'withdrawn_notice');
    expect(told.map((mail) => mail.to_address)).toEqual([JORDAN.email, ALEX.email]);
    expect(told[1]?.text).toContain('Replaced by a revised contract');
  });
});

describe('a revision with several signers', () => {
  it('keeps the other signers and the order in its draft, and sending it makes them sign again', async () => {
    const { id } = await sentTo({ coSigners: CO_SIGNERS, order: 'in_order' });
    const revised = await jsonPost(t.app, `/api/contracts/${id}/revise`, {}, { cookie: owner });
    expect(revised.statusCode, revised.body).toBe(200);
    const draftId = revised.json<{ id: number }>().id;

    const draft = await t.sql.get<{ co_signers_json: string | null; signing_order: string }>(
      'SELECT co_signers_json, signing_order FROM contracts WHERE id = ?',
      draftId,
    );
    expect(draft?.signing_order).toBe('in_order');
    expect(JSON.parse(draft?.co_signers_json ?? 'null')).toEqual([
      { name: ALEX.name, email: ALEX.email, phone: null },
      { name: SAM.name, email: SAM.email, phone: null },
    ]);
    expect(
      await t.sql.value('SELECT COUNT(*) FROM contract_signers WHERE contract_id = ?', draftId),
    ).toBe(0);

    const origin = { cookie: owner, origin: t.origin };
    const mine = await jsonPost(
      t.app,
      `/api/contracts/${draftId}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      origin,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const sent = await jsonPost(
      t.app,
      `/api/contracts/${draftId}/send`,
      { client_data: JORDAN },
      origin,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const signers = await t.sql.all<{ name: string; invited: number }>(
      `SELECT name, CASE WHEN invited_at IS NULL THEN 0 ELSE 1 END AS invited
       FROM contract_signers WHERE contract_id = ? ORDER BY position`,
      draftId,
    );
    expect(signers).toEqual([
      { name: JORDAN.name, invited: 1 },
      { name: ALEX.name, invited: 0 },
      { name: SAM.name, invited: 0 },
    ]);
  });

  it('of a one-signer contract, has no other signers', async () => {
    const { id } = await sentTo({ coSigners: [] });
    const revised = await jsonPost(t.app, `/api/contracts/${id}/revise`, {}, { cookie: owner });
    const draftId = revised.json<{ id: number }>().id;
    expect(
      await t.sql.get('SELECT co_signers_json, signing_order FROM contracts WHERE id = ?', draftId),
    ).toEqual({ co_signers_json: null, signing_order: 'together' });
  });
});
