import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import {
  createTestApp,
  get,
  jsonPost,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { createWebhook } from '../../test/webhook-flow.js';

/**
 * Each delivery names the contract its event is about (issue 31): the number and the client, on
 * the settings screen and over REST alike, looked up in the account's own contracts only, and
 * never with the body that was sent.
 */
let t: TestApp;
let accounts = 0;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
afterAll(() => t.close());

/** An account with one endpoint for `contract.sent`; nothing delivers in these tests. */
async function accountWithWebhook() {
  accounts += 1;
  const email = `named${accounts}@example.com`;
  const cookie = await contractorReadyToSend(t, email);
  const webhook = await createWebhook(t, cookie, 'http://127.0.0.1:9/hooks', ['contract.sent']);
  return { cookie, webhook };
}

type Listed = Record<string, unknown> & { id: number };

async function trpcDeliveries(cookie: string, id: number) {
  const answer = await trpcQuery(t.app, 'webhooks.deliveries', { id }, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return { body: answer.body, rows: answer.json<{ result: { data: Listed[] } }>().result.data };
}

async function restDeliveries(cookie: string, id: number) {
  const answer = await get(t.app, `/api/webhooks/${id}/deliveries`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return { body: answer.body, rows: answer.json<Listed[]>() };
}

const LISTED_FIELDS = [
  'attempts',
  'client_name',
  'contract_exists',
  'contract_id',
  'created_at',
  'delivered_at',
  'event_type',
  'id',
  'last_error',
  'last_status_code',
  'next_attempt_at',
  'status',
];

describe('the deliveries of an endpoint', () => {
  it('name the contract and its client, the same over tRPC and REST, and never the body sent', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    const first = await sendContract(t, cookie);
    const second = await sendContract(t, cookie);

    const screen = await trpcDeliveries(cookie, webhook.id);
    expect(screen.rows).toEqual([
      expect.objectContaining({
        event_type: 'contract.sent',
        status: 'pending',
        contract_id: second.id,
        client_name: TEST_CLIENT.name,
        contract_exists: true,
      }),
      expect.objectContaining({
        event_type: 'contract.sent',
        contract_id: first.id,
        client_name: TEST_CLIENT.name,
        contract_exists: true,
      }),
    ]);
    for (const row of screen.rows) expect(Object.keys(row).sort()).toEqual(LISTED_FIELDS);

    const rest = await restDeliveries(cookie, webhook.id);
    expect(rest.rows).toEqual(screen.rows);

    for (const body of [screen.body, rest.body]) {
      expect(body).not.toContain(first.token);
      expect(body).not.toContain(webhook.secret.slice(6));
      // The payload's own fields stay with the receiver.
      expect(body).not.toContain('total_price_cents');
      expect(body).not.toContain('payload');
    }
  });

  it('answer a redelivery with the row as the list shows it, contract included, on both transports', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    const { id: contractId } = await sendContract(t, cookie);
    const [delivery] = (await trpcDeliveries(cookie, webhook.id)).rows;

    const viaTrpc = await trpcMutation(
      t.app,
      'webhooks.redeliver',
      { id: webhook.id, delivery_id: delivery!.id },
      { cookie },
    );
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    const answered = viaTrpc.json<{ result: { data: Listed } }>().result.data;
    expect(answered).toMatchObject({
      id: delivery!.id,
      status: 'pending',
      attempts: 0,
      contract_id: contractId,
      client_name: TEST_CLIENT.name,
      contract_exists: true,
    });
    expect(Object.keys(answered).sort()).toEqual(LISTED_FIELDS);

    const viaRest = await jsonPost(
      t.app,
      `/api/webhooks/${webhook.id}/deliveries/${delivery!.id}/redeliver`,
      {},
      { cookie },
    );
    expect(viaRest.statusCode, viaRest.body).toBe(200);
    expect(viaRest.json()).toEqual({ ...answered, next_attempt_at: expect.any(String) as unknown });
  });

  it('name a contract that is not in the account from the event alone, without linking it', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    await sendContract(t, cookie);
    // Another account's contract, whose client has a name of its own.
    const other = await contractorReadyToSend(t, `other${accounts}@example.com`);
    const { id: theirs } = await sendContract(t, other);
    const [delivery] = (await trpcDeliveries(cookie, webhook.id)).rows;
    // A payload naming it cannot be queued for this account; written here to prove the lookup
    // is the account's own and no other client's name comes through it.
    const payload = JSON.parse(
      await t.sql.value<string>(
        'SELECT payload FROM webhook_deliveries WHERE id = ?',
        delivery!.id,
      ),
    ) as { data: { contract: { id: number; client_name: string } } };
    payload.data.contract = {
      ...payload.data.contract,
      id: theirs,
      client_name: 'Named in the event',
    };
    await t.sql.run(
      'UPDATE webhook_deliveries SET payload = ? WHERE id = ?',
      JSON.stringify(payload),
      delivery!.id,
    );

    for (const { rows, body } of [
      await trpcDeliveries(cookie, webhook.id),
      await restDeliveries(cookie, webhook.id),
    ]) {
      expect(rows[0]).toMatchObject({
        contract_id: theirs,
        client_name: 'Named in the event',
        contract_exists: false,
      });
      expect(body).not.toContain(TEST_CLIENT.name);
    }
  });
});
