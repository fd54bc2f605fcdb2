import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StagePayments } from '../../domain/stage-payments.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { createPaymentsTestApp } from '../../test/payment-flow.js';
import { signedContractWithStripe } from '../../test/stage-payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { joinedMember } from '../../test/team-flow.js';
import { get, jsonPost, trpcMutation, trpcQuery, type TestApp } from '../../test/test-app.js';

/**
 * A contract's payments, stage by stage (issue 36, later stages): what each route answers, who
 * may call them (anyone of the company) and that another company's contract is never found.
 */
let standIn: StripeStandIn;
let t: TestApp & { base: string };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createPaymentsTestApp(standIn);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const payments = async (cookie: string, id: number) => {
  const answer = await get(t.app, `/api/contracts/${id}/payments`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<StagePayments>();
};

const post = (cookie: string, path: string, body: unknown = {}) =>
  jsonPost(t.app, path, body, { cookie, origin: t.origin });

const unpaid = (label: string) => ({
  label,
  amount_cents: 250_000,
  status: 'unpaid',
  paid_at: null,
  method: null,
  requested_at: null,
  refunded_cents: 0,
  can_undo_until: null,
});

describe("a contract's payments", () => {
  it('lists each stage of the plan with what is paid of the total', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'stages@example.com');
    expect(await payments(cookie, id)).toEqual({
      stages: [unpaid('Deposit'), unpaid('Balance')],
      paid_cents: 0,
      total_cents: 500_000,
    });

    const recorded = await post(cookie, `/api/contracts/${id}/payments/0/record`, {
      method: 'check',
      paid_at: '2026-01-15',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const answer = await payments(cookie, id);
    expect(answer).toMatchObject({ paid_cents: 250_000, total_cents: 500_000 });
    expect(answer.stages[0]).toMatchObject({
      status: 'paid',
      method: 'check',
      paid_at: '2026-01-15T12:00:00.000Z',
    });
    expect(answer.stages[1]).toEqual(unpaid('Balance'));

    // The tRPC twin answers the same.
    const twin = await trpcQuery(t.app, 'payments.ofContract', { id }, { cookie });
    expect(twin.json<{ result: { data: StagePayments } }>().result.data).toEqual(answer);
  });

  it("never finds another company's contract, on any route", async () => {
    const { id } = await signedContractWithStripe(t, standIn, 'theirs@example.com');
    const stranger = await contractorReadyToSend(t, 'stranger@example.com', 'Other Co');
    const base = `/api/contracts/${id}/payments`;
    const answers = [
      await get(t.app, base, { cookie: stranger }),
      await post(stranger, `${base}/1/request`),
      await post(stranger, `${base}/1/record`, { method: 'cash', paid_at: '2026-01-15' }),
      await post(stranger, `${base}/1/undo`),
      await trpcMutation(
        t.app,
        'payments.record',
        { id, stage: 1, method: 'cash', paid_at: '2026-01-15' },
        { cookie: stranger, origin: t.origin },
      ),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(answers[0]?.body).toBe('Contract not found');
    const row = await t.db
      .selectFrom('payments')
      .select('id')
      .where('contract_id', '=', id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('lets a member of the company read, ask for, record and undo payments', async () => {
    const { cookie: owner, id } = await signedContractWithStripe(t, standIn, 'boss@example.com');
    const member = await joinedMember(t, owner, {
      email: 'crew@example.com',
      name: 'Robin Crew',
    });
    expect((await payments(member, id)).stages).toHaveLength(2);
    const asked = await post(member, `/api/contracts/${id}/payments/1/request`);
    expect(asked.statusCode, asked.body).toBe(200);
    const recorded = await post(member, `/api/contracts/${id}/payments/0/record`, {
      method: 'cash',
      paid_at: '2026-01-15',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const undone = await post(member, `/api/contracts/${id}/payments/0/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const timeline = await t.db
      .selectFrom('contract_events')
      .select(['type', 'actor'])
      .where('contract_id', '=', id)
      .where('type', 'like', 'payment_%')
      .orderBy('id')
      .execute();
    expect(timeline).toEqual([
      { type: 'payment_requested', actor: 'crew@example.com' },
      { type: 'payment_recorded', actor: 'crew@example.com' },
      { type: 'payment_undone', actor: 'crew@example.com' },
    ]);
  });

  it('takes payments once the client signed, for a stage the plan has', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'early@example.com');
    const { id: awaiting } = await sendContract(t, cookie);
    const early = await post(cookie, `/api/contracts/${awaiting}/payments/1/request`);
    expect(early.statusCode).toBe(409);
    expect(early.body).toBe('This contract is still waiting for the client’s signature');
    const recordedEarly = await post(cookie, `/api/contracts/${awaiting}/payments/1/record`, {
      method: 'cash',
      paid_at: '2026-01-15',
    });
    expect(recordedEarly.statusCode).toBe(409);

    const noStage = await post(cookie, `/api/contracts/${id}/payments/2/request`);
    expect(noStage.statusCode).toBe(404);
    expect(noStage.body).toBe('This contract has no such payment stage');
    const notAStage = await post(cookie, `/api/contracts/${id}/payments/first/request`);
    expect(notAStage.statusCode).toBe(400);
  });

  it('asks for a payment online only when the company has Stripe', async () => {
    const cookie = await contractorReadyToSend(t, 'no-stripe@example.com');
    const { id, token } = await sendContract(t, cookie);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const asked = await post(cookie, `/api/contracts/${id}/payments/1/request`);
    expect(asked.statusCode).toBe(409);
    expect(asked.body).toBe('Connect Stripe in Settings → Payments to request payments online');
    // Money taken by hand is recorded all the same.
    const recorded = await post(cookie, `/api/contracts/${id}/payments/1/record`, {
      method: 'other',
      paid_at: '2026-01-15',
      note: 'Zelle',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json<StagePayments>().stages[1]).toMatchObject({
      status: 'paid',
      method: 'other',
    });
  });
});
