import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractCounts, ContractPage } from '../../domain/contract-list.schemas.js';
import type { ContractSummary } from '../../domain/contracts.schemas.js';
import { createPaymentsTestApp } from '../../test/payment-flow.js';
import { signedContract, signedContractWithStripe } from '../../test/stage-payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { get, jsonPost, trpcQuery, type TestApp } from '../../test/test-app.js';

/**
 * The contracts list and payments (issue 36): each card carries what is paid, and "Payment due"
 * keeps the contracts with a stage due and not paid, on REST, the screen's pages and its counts.
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

const post = (cookie: string, path: string, body: unknown = {}) =>
  jsonPost(t.app, path, body, { cookie, origin: t.origin });

const data = <T>(answer: { json: <V>() => V }) =>
  answer.json<{ result: { data: T } }>().result.data;

describe('"Payment due" and the paid amount on the cards', () => {
  it('keeps the contracts with a stage asked for and not paid', async () => {
    const email = 'due-list@example.com';
    const asked = await signedContractWithStripe(t, standIn, email);
    const { cookie } = asked;
    const quiet = { id: await signedContract(t, cookie) };
    const paid = { id: await signedContract(t, cookie) };
    // Another company's contract with a payment due is never in this list.
    const other = await signedContractWithStripe(t, standIn, 'due-other@example.com');

    expect((await post(cookie, `/api/contracts/${asked.id}/payments/1/request`)).statusCode).toBe(
      200,
    );
    expect(
      (await post(other.cookie, `/api/contracts/${other.id}/payments/1/request`)).statusCode,
    ).toBe(200);
    for (const stage of [0, 1]) {
      const recorded = await post(cookie, `/api/contracts/${paid.id}/payments/${stage}/record`, {
        method: 'check',
        paid_at: '2026-03-01',
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    }
    await post(cookie, `/api/contracts/${quiet.id}/payments/0/record`, {
      method: 'cash',
      paid_at: '2026-03-01',
    });

    const all = (await get(t.app, '/api/contracts', { cookie })).json<ContractSummary[]>();
    const byId = new Map(all.map((card) => [card.id, card]));
    expect(byId.get(asked.id)).toMatchObject({
      paid_cents: 0,
      payment_due_at: expect.any(String) as unknown,
    });
    expect(byId.get(quiet.id)).toMatchObject({ paid_cents: 250_000, payment_due_at: null });
    expect(byId.get(paid.id)).toMatchObject({ paid_cents: 500_000, payment_due_at: null });

    const due = await get(t.app, '/api/contracts?payment_due=true', { cookie });
    expect(due.json<ContractSummary[]>().map((card) => card.id)).toEqual([asked.id]);
    const dueByName = await get(t.app, '/api/contracts?payment_due=true&q=jordan', { cookie });
    expect(dueByName.json<ContractSummary[]>().map((card) => card.id)).toEqual([asked.id]);

    const page = await trpcQuery(
      t.app,
      'contracts.page',
      { section: 'completed', payment_due: true },
      { cookie },
    );
    expect(data<ContractPage>(page).items.map((card) => card.id)).toEqual([asked.id]);
    const counts = await trpcQuery(t.app, 'contracts.counts', { payment_due: true }, { cookie });
    expect(data<ContractCounts>(counts)).toEqual({
      drafts: 0,
      awaiting: 0,
      completed: 1,
      closed: 0,
    });
    const everything = await trpcQuery(t.app, 'contracts.counts', {}, { cookie });
    expect(data<ContractCounts>(everything).completed).toBe(3);

    // Paid: off the list.
    await post(cookie, `/api/contracts/${asked.id}/payments/1/record`, {
      method: 'cash',
      paid_at: '2026-03-02',
    });
    const none = await get(t.app, '/api/contracts?payment_due=true', { cookie });
    expect(none.json<ContractSummary[]>()).toEqual([]);
  });
});
