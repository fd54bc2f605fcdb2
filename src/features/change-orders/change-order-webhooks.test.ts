import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import type { WebhookPayload } from '../../domain/webhooks.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { linkMailedTo } from '../../test/signers-flow.js';
import { bodylessRequest, createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { createWebhook } from '../../test/webhook-flow.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * A change order's webhooks (issue 38): change_order.sent, .signed and .declined, each with the
 * change order in `data.change_order`, and no contract.* event for a change order's row.
 */
let t: TestApp;
let owner: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  owner = await contractorReadyToSend(t, 'co-hooks@example.com');
  receiver = await startWebhookReceiver();
  await createWebhook(t, owner, receiver.url);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const me = () => ({ cookie: owner, origin: t.origin });

async function sentChangeOrder() {
  const { id, token } = await sendContract(t, owner);
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const order = (
    await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      { description: 'Add a valve.', price_change_cents: -30_000, payment: 'spread' },
      me(),
    )
  ).json<ChangeOrder>();
  await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    me(),
  );
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, me());
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, orderId: order.id, link: await linkMailedTo(t, order.id, 'jordan@example.com') };
}

async function eventsOf(contractId: number) {
  const rows = await t.db
    .selectFrom('webhook_deliveries')
    .select(['event_type', 'payload'])
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({ type: row.event_type, payload: JSON.parse(row.payload) as WebhookPayload }))
    .filter((event) => event.payload.data.contract.id === contractId);
}

describe("a change order's webhooks", () => {
  it('are change_order.sent and change_order.signed, naming the change order and its contract', async () => {
    const { id, orderId, link } = await sentChangeOrder();
    expect((await clientSigns(t, link)).statusCode).toBe(200);
    const events = await eventsOf(orderId);
    expect(events.map((event) => event.type)).toEqual(['change_order.sent', 'change_order.signed']);
    for (const event of events) {
      expect(event.payload.type).toBe(event.type);
      expect(event.payload.data.change_order).toEqual({
        id: orderId,
        number: 1,
        contract_id: id,
        price_change_cents: -30_000,
        sum_after_cents: 470_000,
      });
    }
    // The contract's own events carry no change order.
    const contractEvents = await eventsOf(id);
    expect(contractEvents.map((event) => event.type)).toContain('contract.signed');
    expect(contractEvents.every((event) => event.payload.data.change_order === undefined)).toBe(
      true,
    );
  });

  it('is change_order.declined when a client declines', async () => {
    const { orderId, link } = await sentChangeOrder();
    const declined = await jsonPost(t.app, `/api/esign/${link}/decline`, { reason: 'No valve.' });
    expect(declined.statusCode, declined.body).toBe(200);
    const events = await eventsOf(orderId);
    expect(events.map((event) => event.type)).toEqual([
      'change_order.sent',
      'change_order.declined',
    ]);
  });
});
