import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import type { Contract } from '../../domain/contracts.schemas.js';
import type { StagePayments } from '../../domain/stage-payments.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { linkMailedTo } from '../../test/signers-flow.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';

/**
 * A change order signed through its link (issue 38, docs/decisions/049): the signing page says
 * what it is and what it changes, and its last signature applies it to the contract, whose next
 * payment then asks for the new amount. A stage paid since it was sent refuses the signature; a
 * decline leaves the contract as it was.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'co-signing@example.com');
});
afterAll(() => t.close());

const me = () => ({ cookie: owner, origin: t.origin });

async function record(id: number, stage: number) {
  const paid = await jsonPost(
    t.app,
    `/api/contracts/${id}/payments/${stage}/record`,
    { method: 'cash', paid_at: new Date().toISOString().slice(0, 10) },
    me(),
  );
  expect(paid.statusCode, paid.body).toBe(200);
}

/** A $5,000 contract signed, its $2,500 deposit paid; a change order adding $1,200, sent. */
async function sentChangeOrder() {
  const { id, token } = await sendContract(t, owner);
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  await record(id, 0);
  const created = await jsonPost(
    t.app,
    `/api/contracts/${id}/change-orders`,
    {
      description: 'Extend the drip line to the back beds.',
      price_change_cents: 120_000,
      days_change: null,
      payment: 'spread',
    },
    me(),
  );
  const order = created.json<ChangeOrder>();
  await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    me(),
  );
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, me());
  expect(sent.statusCode, sent.body).toBe(200);
  const link = await linkMailedTo(t, order.id, 'jordan@example.com');
  expect(link).not.toBe('');
  return { id, orderId: order.id, link };
}

async function contractNow(id: number) {
  const contract = (await get(t.app, `/api/contracts/${id}`, { cookie: owner })).json<Contract>();
  const payments = (
    await get(t.app, `/api/contracts/${id}/payments`, { cookie: owner })
  ).json<StagePayments>();
  return { total: contract.total_price_cents, payments };
}

describe('a change order through its link', () => {
  it('is named on the signing page, and its signature gives the contract its new total and stages', async () => {
    const { id, orderId, link } = await sentChangeOrder();
    const view = await get(t.app, `/api/esign/${link}`);
    expect(view.json()).toMatchObject({
      id: orderId,
      total_price_cents: 620_000,
      payment_due: null,
      change_order: { number: 1, contract_id: id, price_change_cents: 120_000 },
    });
    const page = await t.app.inject({ method: 'GET', url: `/esign/${link}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Change Order 1 to Contract #${id}`);
    expect(page.body).toContain('This change: +$1,200.00 · New total: $6,200.00');
    // Still the contract as signed until the change order is.
    expect((await contractNow(id)).total).toBe(500_000);

    const signed = await clientSigns(t, link);
    expect(signed.statusCode, signed.body).toBe(200);

    const after = await contractNow(id);
    expect(after.total).toBe(620_000);
    expect(after.payments.total_cents).toBe(620_000);
    expect(after.payments.paid_cents).toBe(250_000);
    expect(after.payments.stages.map((stage) => [stage.amount_cents, stage.status])).toEqual([
      [250_000, 'paid'],
      [370_000, 'unpaid'],
    ]);
    const order = await get(t.app, `/api/change-orders/${orderId}`, { cookie: owner });
    expect(['signed', 'completed']).toContain(order.json<ChangeOrder>().status);
    // The signed copy is the Change Order, the client's signature in it.
    const copy = await t.db
      .selectFrom('contracts')
      .select('signed_html')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(copy.signed_html).toContain(`Change Order 1 to Contract #${id}`);
    expect(copy.signed_html).toContain('alt="Signature: Jordan Rivera"');
    // The next change order starts from the new sum, this one's change as earlier changes.
    const next = await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      { description: 'A valve.', price_change_cents: 10_000, payment: 'spread' },
      me(),
    );
    expect(next.json<ChangeOrder>()).toMatchObject({
      number: 2,
      original_sum_cents: 500_000,
      earlier_changes_cents: 120_000,
      sum_before_cents: 620_000,
      sum_after_cents: 630_000,
    });
  });

  it('is refused when a stage it changes was paid since it was sent, and changes nothing', async () => {
    const { id, link } = await sentChangeOrder();
    await record(id, 1);
    const refused = await clientSigns(t, link);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(
      'This change order no longer fits the payments made: ask Greenleaf Co for a new one',
    );
    const after = await contractNow(id);
    expect(after.total).toBe(500_000);
    expect(after.payments.stages.map((stage) => stage.amount_cents)).toEqual([250_000, 250_000]);
    const view = await get(t.app, `/api/esign/${link}`);
    expect(view.json()).toMatchObject({ status: 'sent', you_signed_at: null });
  });

  it('declined, leaves the contract as it was', async () => {
    const { id, orderId, link } = await sentChangeOrder();
    const declined = await jsonPost(t.app, `/api/esign/${link}/decline`, {
      reason: 'Too much for the back beds.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const order = await get(t.app, `/api/change-orders/${orderId}`, { cookie: owner });
    expect(order.json<ChangeOrder>().status).toBe('declined');
    expect((await contractNow(id)).total).toBe(500_000);
  });

  it('withdrawn, stops its links and leaves the contract as it was; the contract route 404s', async () => {
    const { id, orderId, link } = await sentChangeOrder();
    const asContract = await jsonPost(
      t.app,
      `/api/contracts/${orderId}/void`,
      { reason: 'Written in error.' },
      me(),
    );
    expect(asContract.statusCode).toBe(404);
    const withdrawn = await jsonPost(
      t.app,
      `/api/change-orders/${orderId}/void`,
      { reason: 'Written in error.' },
      me(),
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id: orderId, status: 'voided' });
    expect((await get(t.app, `/api/esign/${link}`)).json()).toMatchObject({
      status: 'voided',
      closed_reason: 'Written in error.',
    });
    expect((await clientSigns(t, link)).statusCode).toBe(409);
    expect((await contractNow(id)).total).toBe(500_000);
    const notice = await t.sql.get<{ to_address: string }>(
      "SELECT to_address FROM email_outbox WHERE contract_id = ? AND kind = 'withdrawn_notice'",
      orderId,
    );
    expect(notice?.to_address).toBe('jordan@example.com');
    const again = await trpcMutation(
      t.app,
      'changeOrders.void',
      { id: orderId, reason: 'Once more.' },
      { cookie: owner },
    );
    expect(again.statusCode).toBe(409);
  });
});
