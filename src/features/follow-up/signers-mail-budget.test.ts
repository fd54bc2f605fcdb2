import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../domain/dates.js';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import {
  DAY_MS,
  HOUR_MS,
  movableClock,
  queuedMails,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import { CO_SIGNERS, sendContractWithSigners, signerSigns } from '../../test/signers-flow.js';
import { createTestApp, jsonPost, jsonPut, type TestApp } from '../../test/test-app.js';

/**
 * Issues 33 and 37: with several signers, one send, reminder, new link, withdrawal or decline
 * mails several clients, and the account's daily limit counts each mail; the contract's own
 * follow-up budget (one an hour, three a day) still counts each reminder once, whoever it
 * reaches.
 */
const START = new Date('2026-12-03T15:00:00.000Z');
const ZONE = 'America/Chicago';
const OWNER = 'signers-budget@example.com';
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();

let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeEach(async () => {
  clock = movableClock(START);
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER);
});
afterEach(() => t.close());

async function limitTo(perDay: number) {
  const answer = await jsonPut(
    t.app,
    '/api/prefs',
    { client_emails_per_day: perDay, time_zone: ZONE },
    { cookie: owner },
  );
  expect(answer.statusCode, answer.body).toBe(200);
}

const limitReached = (perDay: number, allowedAt: string) =>
  `Your account has sent its ${perDay} client emails for today. The next email can go at ` +
  `${formatDateTime(allowedAt, ZONE)}. The limit is in Settings, Reminders & alerts.`;

const remind = (id: number) =>
  jsonPost(t.app, `/api/contracts/${id}/remind`, {}, { cookie: owner });

/** A contract to Jordan alone: one mail. Answers the send. */
async function sendToOne() {
  return (await sendContract(t, owner)).sent;
}

async function sentTo(options: Parameters<typeof sendContractWithSigners>[2] = {}) {
  const contract = await sendContractWithSigners(t, owner, options);
  expect(contract.sent.statusCode, contract.sent.body).toBe(200);
  return contract;
}

describe("the account's daily limit with several signers", () => {
  it('counts two mails for a reminder to two signers', async () => {
    await limitTo(4);
    // Two signers together: the request is two mails.
    const { id } = await sentTo();
    clock.at(HOUR_MS);
    const reminder = await remind(id);
    expect(reminder.statusCode, reminder.body).toBe(200);
    expect(await queuedMails(t, id, 'signing_reminder')).toHaveLength(2);

    clock.at(2 * HOUR_MS);
    const refused = await sendToOne();
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(limitReached(4, at(DAY_MS)));
  });

  it('counts each signer a withdrawal tells', async () => {
    await limitTo(4);
    const { id } = await sentTo();
    clock.at(HOUR_MS);
    const withdrawn = await jsonPost(
      t.app,
      `/api/contracts/${id}/void`,
      { reason: 'Wrong address' },
      { cookie: owner },
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(await queuedMails(t, id, 'withdrawn_notice')).toHaveLength(2);
    expect((await sendToOne()).statusCode).toBe(429);
  });

  it('counts nothing when a lone signer declines: no client is told', async () => {
    await limitTo(3);
    const lone = await sendContract(t, owner);
    const declined = await jsonPost(t.app, `/api/esign/${lone.token}/decline`, {
      reason: 'Too expensive',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await queuedMails(t, lone.id, 'signer_declined_notice')).toEqual([]);
    clock.at(HOUR_MS);
    expect((await sendToOne()).statusCode).toBe(200);
    clock.at(2 * HOUR_MS);
    expect((await sendToOne()).statusCode).toBe(200);
    clock.at(3 * HOUR_MS);
    const refused = await sendToOne();
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(limitReached(3, at(DAY_MS)));
  });

  it('counts each other signer a decline tells', async () => {
    await limitTo(5);
    // Three signers together (three mails); the second declines and the other two are told.
    const { id, tokens } = await sentTo({ coSigners: CO_SIGNERS });
    clock.at(HOUR_MS);
    const declined = await jsonPost(
      t.app,
      `/api/esign/${tokens[1]}/decline`,
      { reason: 'We want a smaller patio first' },
      { remoteAddress: '198.51.100.21' },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await queuedMails(t, id, 'signer_declined_notice')).toHaveLength(2);

    clock.at(2 * HOUR_MS);
    const refused = await sendToOne();
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(limitReached(5, at(DAY_MS)));
  });

  it('counts the mail that gives the next signer their turn, signing in order', async () => {
    await limitTo(3);
    const { id, tokens } = await sentTo({ order: 'in_order' });
    clock.at(HOUR_MS);
    expect((await signerSigns(t, tokens[0] ?? '', 'Jordan Rivera', 22)).statusCode).toBe(200);
    expect(await queuedMails(t, id, 'signing_request')).toHaveLength(2);

    clock.at(2 * HOUR_MS);
    expect((await sendToOne()).statusCode).toBe(200);
    clock.at(3 * HOUR_MS);
    const refused = await sendToOne();
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(limitReached(3, at(DAY_MS)));
  });
});

describe("one contract's follow-up budget with several signers", () => {
  it('counts each reminder once, however many signers it reaches', async () => {
    await limitTo(200);
    const { id } = await sentTo({ coSigners: CO_SIGNERS });
    for (const hour of [1, 2, 3]) {
      clock.at(hour * HOUR_MS);
      const answer = await remind(id);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(await queuedMails(t, id, 'signing_reminder')).toHaveLength(9);
    clock.at(4 * HOUR_MS);
    const fourth = await remind(id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.body).toBe(
      'The client has had 3 emails about this contract in the last 24 hours. The next email can ' +
        `go at ${formatDateTime(at(DAY_MS + HOUR_MS), ZONE)}.`,
    );
  });
});
