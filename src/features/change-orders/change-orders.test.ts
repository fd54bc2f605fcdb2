import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import { contractorReadyToSend, clientSigns, sendContract } from '../../test/contract-flow.js';
import {
  createTestApp,
  jsonPost,
  jsonPut,
  bodylessRequest,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';

/**
 * Writing change orders (issue 38): a draft to a signed contract, numbered in its line, with the
 * money of AIA G701 reckoned against the contract as it stands (a paid deposit never changes),
 * kept, changed and deleted as a draft; refused below what was paid; never in the contracts list.
 */
let t: TestApp;
let owner: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'changes@example.com');
  other = await contractorReadyToSend(t, 'someone-else@example.com', 'Other Co');
});
afterAll(() => t.close());

const as = (cookie: string) => ({ cookie, origin: t.origin });

/** A $5,000 contract signed by the client, its $2,500 deposit paid in cash. */
async function signedWithPaidDeposit(): Promise<number> {
  const { id, token } = await sendContract(t, owner);
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const paid = await jsonPost(
    t.app,
    `/api/contracts/${id}/payments/0/record`,
    { method: 'cash', paid_at: new Date().toISOString().slice(0, 10) },
    as(owner),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

const ADD_1200 = {
  description: 'Extend the drip line to the back beds.',
  price_change_cents: 120_000,
  days_change: 3,
  payment: 'spread',
};

describe('a change order draft', () => {
  it('adds $1,200 spread over the unpaid stage, the paid deposit unchanged, as G701 lines', async () => {
    const id = await signedWithPaidDeposit();
    const created = await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      ADD_1200,
      as(owner),
    );
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<ChangeOrder>();
    expect(order).toMatchObject({
      contract_id: id,
      number: 1,
      status: 'draft',
      description: 'Extend the drip line to the back beds.',
      original_sum_cents: 500_000,
      earlier_changes_cents: 0,
      sum_before_cents: 500_000,
      price_change_cents: 120_000,
      sum_after_cents: 620_000,
      days_before: 0,
      days_after: 3,
      problem: null,
    });
    expect(order.stages_before.map((stage) => stage.amount_cents)).toEqual([250_000, 250_000]);
    expect(order.stages_after.map((stage) => stage.amount_cents)).toEqual([250_000, 370_000]);

    // The next one is number 2; the list has both, in order.
    const second = await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      {
        ...ADD_1200,
        price_change_cents: 10_000,
        payment: 'new_stage',
        new_stage: { label: 'Extra valve', trigger: 'On completion' },
      },
      as(owner),
    );
    expect(second.json<ChangeOrder>().number).toBe(2);
    expect(second.json<ChangeOrder>().stages_after.at(-1)).toMatchObject({
      label: 'Extra valve',
      amount_cents: 10_000,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/contracts/${id}/change-orders`,
      headers: { cookie: owner },
    });
    expect(list.json<ChangeOrder[]>().map((item) => item.number)).toEqual([1, 2]);

    // Change orders are not contracts: the list and a contract's routes do not see them.
    const contracts = await t.app.inject({
      method: 'GET',
      url: '/api/contracts',
      headers: { cookie: owner },
    });
    const ids = contracts.json<{ id: number }[]>().map((contract) => contract.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(order.id);
    const asContract = await t.app.inject({
      method: 'GET',
      url: `/api/contracts/${order.id}`,
      headers: { cookie: owner },
    });
    expect(asContract.statusCode).toBe(404);
  });

  it('refuses a price that falls below what was paid, with both amounts, and saves nothing', async () => {
    const id = await signedWithPaidDeposit();
    const refused = await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      { ...ADD_1200, price_change_cents: -300_000 },
      as(owner),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'This change would bring the total to $2,000.00, below the $2,500.00 already paid',
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/contracts/${id}/change-orders`,
      headers: { cookie: owner },
    });
    expect(list.json()).toEqual([]);
  });

  it('is changed and deleted as a draft, through REST and its tRPC twin', async () => {
    const id = await signedWithPaidDeposit();
    const { id: orderId } = (
      await jsonPost(t.app, `/api/contracts/${id}/change-orders`, ADD_1200, as(owner))
    ).json<ChangeOrder>();
    const changed = await jsonPut(
      t.app,
      `/api/change-orders/${orderId}`,
      { price_change_cents: -50_000, description: 'Leave out the back beds.' },
      as(owner),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ChangeOrder>()).toMatchObject({
      description: 'Leave out the back beds.',
      sum_after_cents: 450_000,
      // Kept as saved.
      days_change: 3,
    });
    expect(changed.json<ChangeOrder>().stages_after.map((stage) => stage.amount_cents)).toEqual([
      250_000, 200_000,
    ]);
    const viaTrpc = await trpcMutation(
      t.app,
      'changeOrders.update',
      { id: orderId, changes: { days_change: null } },
      { cookie: owner },
    );
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    const deleted = await bodylessRequest(t.app, 'DELETE', `/api/change-orders/${orderId}`, {
      cookie: owner,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/change-orders/${orderId}`,
      headers: { cookie: owner },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('is only for a signed contract of the company', async () => {
    const { id } = await sendContract(t, owner);
    const unsigned = await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      ADD_1200,
      as(owner),
    );
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.body).toContain('Only a signed contract takes change orders');
    const signed = await signedWithPaidDeposit();
    const stranger = await jsonPost(
      t.app,
      `/api/contracts/${signed}/change-orders`,
      ADD_1200,
      as(other),
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toContain('Contract not found');
  });
});
