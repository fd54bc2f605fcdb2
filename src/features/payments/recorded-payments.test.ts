import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StagePayments } from '../../domain/stage-payments.schemas.js';
import { createPaymentsTestApp } from '../../test/payment-flow.js';
import {
  movableClock,
  paymentRequestMail,
  signedContractWithStripe,
} from '../../test/stage-payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { jsonPost, openQueuedBody, type TestApp } from '../../test/test-app.js';

/**
 * "Record a payment" and "Undo" (issue 36): money taken by hand, a receipt to the client, both
 * in the timeline with who did them; undone within a day, never after; and one payment per
 * stage, held by the database itself.
 */
const HOUR_MS = 60 * 60 * 1000;
const clock = movableClock();
let standIn: StripeStandIn;
let t: TestApp & { base: string };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createPaymentsTestApp(standIn, { clock: clock.now });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const call = (cookie: string, id: number, what: string, body: unknown = {}) =>
  jsonPost(t.app, `/api/contracts/${id}/payments/${what}`, body, { cookie, origin: t.origin });

const cash = { method: 'cash', paid_at: '2026-02-03', note: 'Paid at the walkthrough' };

const timelineOf = async (id: number) =>
  (
    await t.db
      .selectFrom('contract_events')
      .select(['type', 'actor', 'details'])
      .where('contract_id', '=', id)
      .where('type', 'like', 'payment_%')
      .orderBy('id')
      .execute()
  ).map((event) => ({ ...event, details: JSON.parse(event.details ?? '{}') as unknown }));

const receiptsOf = async (id: number) => {
  const rows = await t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'text'])
    .where('contract_id', '=', id)
    .where('kind', '=', 'payment_receipt')
    .execute();
  return rows.map((row) => ({ ...row, text: openQueuedBody(t, row.text ?? '') }));
};

describe('a payment recorded by hand', () => {
  it('pays the stage, sends a receipt, and can be undone within the day', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'cash@example.com');
    const recorded = await call(cookie, id, '1/record', cash);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const stage = recorded.json<StagePayments>().stages[1];
    expect(stage).toMatchObject({
      status: 'paid',
      method: 'cash',
      paid_at: '2026-02-03T12:00:00.000Z',
      refunded_cents: 0,
    });
    const undoUntil = Date.parse(stage?.can_undo_until ?? '');
    expect(Math.abs(undoUntil - (clock.now().getTime() + 24 * HOUR_MS))).toBeLessThan(5_000);
    expect(recorded.json<StagePayments>().paid_cents).toBe(250_000);

    const [receipt] = await receiptsOf(id);
    expect(receipt).toMatchObject({
      to_address: 'jordan@example.com',
      subject: `Receipt: $2,500.00 for Contract #${id}`,
    });
    expect(receipt?.text).toContain('Paid by: Cash');
    expect(receipt?.text).toContain('Date: February 3, 2026');
    expect(receipt?.text).toContain(`For: Balance of Contract #${id}`);
    const row = await t.db
      .selectFrom('payments')
      .select(['note', 'recorded_by_user_id'])
      .where('contract_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.note).toBe('Paid at the walkthrough');
    expect(row.recorded_by_user_id).toEqual(expect.any(Number));

    // A second record for the stage: the stage is held.
    const twice = await call(cookie, id, '1/record', { method: 'check', paid_at: '2026-02-04' });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toBe('This stage is already paid');

    clock.advance(23 * HOUR_MS);
    const undone = await call(cookie, id, '1/undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<StagePayments>()).toMatchObject({
      paid_cents: 0,
      stages: [{ status: 'unpaid' }, { status: 'unpaid', paid_at: null, can_undo_until: null }],
    });
    const card = await t.db
      .selectFrom('contracts')
      .select('paid_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(card.paid_cents).toBe(0);
    expect(await timelineOf(id)).toMatchObject([
      {
        type: 'payment_recorded',
        actor: 'cash@example.com',
        details: { stage: 1, stage_label: 'Balance', amount_cents: 250_000, method: 'cash' },
      },
      { type: 'payment_undone', actor: 'cash@example.com', details: { stage: 1 } },
    ]);
    // The undo corrects the record, and tells the client their receipt no longer stands.
    expect(await receiptsOf(id)).toHaveLength(1);
    const correction = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text'])
      .where('contract_id', '=', id)
      .where('kind', '=', 'payment_correction')
      .execute();
    expect(correction).toHaveLength(1);
    expect(correction[0]).toMatchObject({
      to_address: 'jordan@example.com',
      subject: `Correction: the $2,500.00 payment for Contract #${id}`,
    });
    expect(openQueuedBody(t, correction[0]?.text ?? '')).toMatch(
      /recorded a payment of \$2,500\.00 for Balance of Contract #\d+ by mistake and has taken it back\. Receipt \d+-\d+ no longer stands\./,
    );
    // Nothing left to undo.
    expect((await call(cookie, id, '1/undo')).statusCode).toBe(409);
  });

  it('is not undone after a day', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'late@example.com');
    expect((await call(cookie, id, '0/record', cash)).statusCode).toBe(200);
    clock.advance(24 * HOUR_MS);
    const late = await call(cookie, id, '0/undo');
    expect(late.statusCode).toBe(409);
    expect(late.body).toBe('A recorded payment can be undone only within a day of recording it');
    const stages = (await call(cookie, id, '1/request')).json<StagePayments>().stages;
    expect(stages[0]).toMatchObject({ status: 'paid', can_undo_until: null });
  });

  it('leaves a payment made online to a refund in Stripe', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'online@example.com');
    await call(cookie, id, '1/request');
    const { url } = (
      await jsonPost(t.app, `/api/pay/${(await paymentRequestMail(t, id)).token}`, {})
    ).json<{ url: string }>();
    await standIn.complete(new URL(url).pathname.split('/').pop()!, 'paid');
    const undo = await call(cookie, id, '1/undo');
    expect(undo.statusCode).toBe(409);
    expect(undo.body).toBe(
      'A payment made online cannot be undone here: refund it in Stripe instead',
    );
  });

  it('refuses a date after today', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'future@example.com');
    const tomorrow = new Date(clock.now().getTime() + 48 * HOUR_MS).toISOString().slice(0, 10);
    const answer = await call(cookie, id, '1/record', { method: 'check', paid_at: tomorrow });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe('The day it was paid cannot be after today');
    const malformed = await call(cookie, id, '1/record', { method: 'card', paid_at: 'Feb 3' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('one payment per stage', () => {
  it('is held by the database: a second payment for a paid stage is refused', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'index@example.com');
    expect((await call(cookie, id, '1/record', cash)).statusCode).toBe(200);
    const company = await t.db
      .selectFrom('contracts')
      .select('company_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const second = () =>
      t.db
        .insertInto('payments')
        .values({
          company_id: company.company_id,
          contract_id: id,
          stage_index: 1,
          amount_cents: 250_000,
          status: 'paid',
          method: 'check',
          paid_at: '2026-02-04T12:00:00.000Z',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    await expect(second()).rejects.toThrow(/unique/i);

    // Once undone, the stage is free for the payment that really came in.
    expect((await call(cookie, id, '1/undo')).statusCode).toBe(200);
    await expect(second()).resolves.toBeDefined();
    const held = await t.db
      .selectFrom('payments')
      .select(['method', 'undone_at'])
      .where('contract_id', '=', id)
      .orderBy('id')
      .execute();
    expect(held.map((row) => [row.method, row.undone_at === null])).toEqual([
      ['cash', false],
      ['check', true],
    ]);
  });
});
