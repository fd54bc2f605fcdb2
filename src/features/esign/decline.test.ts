import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHY_NOT } from '../../domain/contract-lifecycle.js';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import {
  contractOf,
  DAY_MS,
  eventsOf,
  MINUTE_MS,
  movableClock,
  newDevice,
  queuedMails,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import { createTestApp, jsonPost, jsonPut, type TestApp } from '../../test/test-app.js';

const START = new Date('2026-12-01T15:00:00.000Z');
const OWNER = 'declines@example.com';

let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  clock = movableClock(START);
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER);
});
afterAll(() => t.close());

async function sent(cookie = owner) {
  const result = await sendContract(t, cookie);
  expect(result.sent.statusCode, result.sent.body).toBe(200);
  expect(result.token).toHaveLength(43);
  return result;
}

const statusOf = (id: number) =>
  t.sql.value<string>('SELECT status FROM contracts WHERE id = ?', id);

describe('declining through the signing link', () => {
  it.each([
    ['no', 'reason: The reason needs at least 3 characters'],
    ['   no   ', 'reason: The reason needs at least 3 characters'],
    ['x'.repeat(1001), 'reason: The reason can have at most 1,000 characters'],
    [undefined, 'reason: Please give a reason for declining'],
    [42, 'reason: Please give a reason for declining'],
  ])('refuses the reason %#, with 400 and why', async (reason, message) => {
    const { id, token } = await sent();
    const answer = await newDevice().decline(t, token, reason);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe(message);
    expect(await statusOf(id)).toBe('sent');
    expect(await queuedMails(t, id, 'declined_notice')).toEqual([]);
    expect(await eventsOf(t, id, 'declined')).toEqual([]);
  });

  it.each([
    ['no', 'reason: El motivo debe tener al menos 3 caracteres'],
    ['x'.repeat(1001), 'reason: El motivo puede tener como máximo 1,000 caracteres'],
    [undefined, 'reason: Por favor, indique por qué rechaza el contrato'],
  ])(
    'explains a refused reason %# in the language the page sends (Spanish)',
    async (reason, message) => {
      const { id, token } = await sent();
      const answer = await jsonPost(
        t.app,
        `/api/esign/${token}/decline`,
        { reason, language: 'es' },
        { remoteAddress: '198.21.0.1' },
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(message);
      expect(await statusOf(id)).toBe('sent');
    },
  );

  it('takes a reason of 3 and of 1,000 characters', async () => {
    for (const reason of ['No.', 'y'.repeat(1000)]) {
      const { id, token } = await sent();
      const answer = await newDevice().decline(t, token, reason);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await contractOf(t, owner, id)).closed_reason).toBe(reason);
    }
  });

  it('closes the contract with the reason, tells the contractor, and takes nothing after it', async () => {
    const { id, token } = await sent();
    const now = clock.advance(2 * DAY_MS);
    const reason = 'We found a builder closer to home.\nThanks for your time.';
    const device = newDevice('HomeownerTablet/3.0');

    const answer = await device.decline(t, token, `  ${reason}  `);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ status: 'declined', closed_at: now.toISOString() });

    expect(await contractOf(t, owner, id)).toMatchObject({
      status: 'declined',
      closed_at: now.toISOString(),
      closed_reason: reason,
      next_reminder_at: null,
    });
    const [event] = await eventsOf(t, id, 'declined');
    expect(event).toMatchObject({ at: now.toISOString(), actor: 'client' });
    expect(event?.details).toMatchObject({ reason, link: { purpose: 'request' } });

    const notices = await queuedMails(t, id, 'declined_notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      to_address: OWNER,
      subject: `${TEST_CLIENT.name} declined Contract #${id}`,
    });
    expect(notices[0]?.text).toContain('We found a builder closer to home.');
    expect(notices[0]?.text).toContain('Thanks for your time.');
    expect(notices[0]?.html).toContain('We found a builder closer to home.');

    // The link now says it was declined: no document, and not the client's own words back.
    const view = await device.open(t, token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      id,
      status: 'declined',
      company_name: 'Greenleaf Co',
      company_phone: null,
      company_email: null,
      closed_at: now.toISOString(),
      closed_reason: null,
      declined_by: null,
      language: 'en',
      change_order: null,
    });

    const signature = await device.sign(t, token);
    expect(signature.statusCode).toBe(409);
    expect(signature.body).toBe('You declined this contract');
    expect(await eventsOf(t, id, 'consented')).toEqual([]);
    expect(await eventsOf(t, id, 'signed_by_client')).toEqual([]);

    const again = await device.decline(t, token, 'Still no, thank you');
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('You declined this contract');
    expect(await queuedMails(t, id, 'declined_notice')).toHaveLength(1);
    expect(await eventsOf(t, id, 'declined')).toHaveLength(1);

    const remind = await jsonPost(t.app, `/api/contracts/${id}/remind`, {}, { cookie: owner });
    expect(remind.statusCode).toBe(409);
    expect(remind.body).toBe(WHY_NOT.declined);
  });

  it('races a signature: exactly one of the two wins, every time, and the status says which', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const { id, token } = await sent();
      const decline = () => newDevice('SpousePhone/1.0').decline(t, token, 'We changed our minds');
      const sign = () => newDevice('HomeownerPhone/1.0').sign(t, token);
      // Each goes first in half of the rounds.
      const [declined, signed] =
        round % 2 === 0
          ? await Promise.all([decline(), sign()])
          : await Promise.all([sign(), decline()]).then(([s, d]) => [d, s] as const);

      expect([declined.statusCode, signed.statusCode].sort()).toEqual([200, 409]);
      if (declined.statusCode === 200) {
        outcomes.push('declined');
        expect(await statusOf(id)).toBe('declined');
        expect(signed.body).toBe('You declined this contract');
        expect(await eventsOf(t, id, 'consented')).toEqual([]);
        expect(await eventsOf(t, id, 'signed_by_client')).toEqual([]);
        expect(await queuedMails(t, id, 'declined_notice')).toHaveLength(1);
        expect(await queuedMails(t, id, 'signed_copy_client')).toEqual([]);
      } else {
        outcomes.push('signed');
        expect(await statusOf(id)).toBe('completed');
        expect(declined.body).toBe('This contract has already been signed');
        expect(await eventsOf(t, id, 'declined')).toEqual([]);
        expect(await queuedMails(t, id, 'declined_notice')).toEqual([]);
        expect((await contractOf(t, owner, id)).closed_reason).toBeNull();
      }
    }
    expect(outcomes).toHaveLength(10);
  });
});

describe('declining an expired link', () => {
  it('answers 409 and changes nothing', async () => {
    const own = movableClock(START);
    const app = await createTestApp({ SIGNING_LINK_DAYS: '5' }, { clock: own.now });
    try {
      const cookie = await contractorReadyToSend(app, 'late@example.com');
      const { id, token, sent: answer } = await sendContract(app, cookie);
      expect(answer.statusCode).toBe(200);
      own.at(5 * DAY_MS);
      const late = await newDevice().decline(app, token, 'Too late anyway');
      expect(late.statusCode).toBe(409);
      expect(late.body).toBe(
        'This signing link has expired. Please ask the sender for a new link.',
      );
      expect((await contractOf(app, cookie, id)).status).toBe('expired');
      expect(await queuedMails(app, id, 'declined_notice')).toEqual([]);
      expect(await eventsOf(app, id, 'declined')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the first opening', () => {
  const alertsOf = (id: number) => queuedMails(t, id, 'viewed_alert');

  it('emails the contractor once; later openings are recorded without a mail', async () => {
    const { id, token } = await sent();
    const phone = newDevice('HomeownerPhone/1.0');
    expect((await phone.open(t, token)).statusCode).toBe(200);
    expect(await alertsOf(id)).toHaveLength(1);
    expect((await alertsOf(id))[0]).toMatchObject({
      to_address: OWNER,
      subject: `${TEST_CLIENT.name} opened Contract #${id}`,
      dedupe_key: `viewed-alert:${id}`,
    });
    expect((await alertsOf(id))[0]?.text).toContain(`http://localhost:3000/contracts/${id}`);

    expect((await newDevice('SpouseTablet/2.0').open(t, token)).statusCode).toBe(200);
    clock.advance(15 * MINUTE_MS);
    expect((await phone.open(t, token)).statusCode).toBe(200);
    expect((await eventsOf(t, id, 'viewed')).map((event) => event.details?.first)).toEqual([
      true,
      false,
      false,
    ]);
    expect(await alertsOf(id)).toHaveLength(1);
  });

  it('sends one mail when two devices open the contract first at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id, token } = await sent();
      const openings = await Promise.all([
        newDevice('HomeownerPhone/1.0').open(t, token),
        newDevice('SpouseTablet/2.0').open(t, token),
        newDevice('OfficeLaptop/5.0').open(t, token),
      ]);
      expect(openings.map((opening) => opening.statusCode)).toEqual([200, 200, 200]);
      expect(await eventsOf(t, id, 'viewed')).toHaveLength(3);
      expect(await alertsOf(id)).toHaveLength(1);
    }
  });

  it('sends none when the contractor turned the alerts off (PUT /api/prefs), and again once on', async () => {
    const quiet = await contractorReadyToSend(t, 'quiet@example.com', 'Quiet Co');
    const set = (value: boolean) =>
      jsonPut(t.app, '/api/prefs', { viewed_alerts_enabled: value }, { cookie: quiet });
    const off = await set(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ viewed_alerts_enabled: false });

    const first = await sent(quiet);
    expect((await newDevice().open(t, first.token)).statusCode).toBe(200);
    expect(await eventsOf(t, first.id, 'viewed')).toHaveLength(1);
    expect(await alertsOf(first.id)).toEqual([]);

    expect((await set(true)).statusCode).toBe(200);
    const second = await sent(quiet);
    expect((await newDevice().open(t, second.token)).statusCode).toBe(200);
    expect(await alertsOf(second.id)).toHaveLength(1);
    expect((await alertsOf(second.id))[0]?.to_address).toBe('quiet@example.com');
  });

  it.each([
    [
      'declined',
      async (_id: number, token: string) =>
        expect((await newDevice().decline(t, token, 'Not for us')).statusCode).toBe(200),
    ],
    [
      'voided',
      async (id: number) =>
        expect(
          (
            await jsonPost(
              t.app,
              `/api/contracts/${id}/void`,
              { reason: 'Priced the wrong yard' },
              { cookie: owner, origin: t.origin },
            )
          ).statusCode,
        ).toBe(200),
    ],
    [
      'expired',
      () => {
        clock.advance((t.config.SIGNING_LINK_DAYS + 1) * DAY_MS);
        return Promise.resolve();
      },
    ],
  ])(
    'counts no opening, and sends no alert, for a link opened once the contract is %s',
    async (status, close) => {
      const { id, token } = await sent();
      await close(id, token);
      expect((await newDevice().open(t, token)).json()).toMatchObject({ status });
      expect(await eventsOf(t, id, 'viewed')).toEqual([]);
      expect(
        await t.sql.get('SELECT view_count, last_viewed_at FROM contracts WHERE id = ?', id),
      ).toEqual({ view_count: 0, last_viewed_at: null });
      expect(await alertsOf(id)).toEqual([]);
    },
  );
});
