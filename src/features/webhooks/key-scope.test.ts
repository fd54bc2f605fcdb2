import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * A key acts only on the endpoints it registered (issue 33, docs/decisions/025): over REST and
 * over tRPC, which takes the same bearer key, any other endpoint of the account is a 404 to it. A
 * person signed in sees and manages all of them.
 */
let t: TestApp;
let receiver: WebhookReceiver;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  receiver = await startWebhookReceiver(204);
  cookie = await contractorReadyToSend(t, 'key-scope@example.com');
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function newKey(name: string): Promise<{ id: string; key: string }> {
  const answer = await jsonPost(t.app, '/api/keys', { name }, { cookie });
  expect(answer.statusCode).toBe(201);
  return answer.json();
}

const withKey = (key: string) => ({ origin: null, headers: { authorization: `Bearer ${key}` } });

interface Endpoint {
  id: number;
}

describe('what a key may touch', () => {
  /** An endpoint made with the key: over REST, as an integration subscribes itself. */
  async function registeredBy(key: string, tag: string): Promise<number> {
    const made = await jsonPost(
      t.app,
      '/api/webhooks',
      { url: `${receiver.url}?by=${tag}`, events: ['contract.sent'] },
      withKey(key),
    );
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ id: number }>().id;
  }

  /** What one call on `id` answers, with the key over REST and over tRPC alike. */
  async function answersWithKey(key: string, id: number, deliveryId: number) {
    const rest = {
      deliveries: (await get(t.app, `/api/webhooks/${id}/deliveries`, withKey(key))).statusCode,
      redeliver: (
        await bodylessRequest(
          t.app,
          'POST',
          `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`,
          withKey(key),
        )
      ).statusCode,
      rotate: (
        await bodylessRequest(t.app, 'POST', `/api/webhooks/${id}/rotate-secret`, withKey(key))
      ).statusCode,
      delete: (await bodylessRequest(t.app, 'DELETE', `/api/webhooks/${id}`, withKey(key)))
        .statusCode,
    };
    const input = encodeURIComponent(JSON.stringify({ id }));
    const trpc = {
      deliveries: (await get(t.app, `/trpc/webhooks.deliveries?input=${input}`, withKey(key)))
        .statusCode,
      redeliver: (
        await trpcMutation(
          t.app,
          'webhooks.redeliver',
          { id, delivery_id: deliveryId },
          withKey(key),
        )
      ).statusCode,
      rotate: (await trpcMutation(t.app, 'webhooks.rotateSecret', { id }, withKey(key))).statusCode,
      delete: (await trpcMutation(t.app, 'webhooks.delete', { id }, withKey(key))).statusCode,
    };
    return { rest, trpc };
  }

  const deliveryOf = (endpointId: number) =>
    t.sql.value<number>(
      'SELECT id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT 1',
      endpointId,
    );

  it('lists, reads, redelivers, rotates and deletes only the endpoints it registered; others are 404 to it, and a person sees all', async () => {
    const { key: zapier } = await newKey('Zapier');
    const { key: crm } = await newKey('CRM');
    const byZapier = await registeredBy(zapier, 'zapier');
    const byCrm = await registeredBy(crm, 'crm');
    const inSettings = await trpcMutation(
      t.app,
      'webhooks.create',
      { url: `${receiver.url}?by=settings`, events: ['contract.sent'] },
      { cookie: cookie },
    );
    const bySettings = inSettings.json<{ result: { data: { id: number } } }>().result.data.id;
    await sendContract(t, cookie);

    // The key's list holds its own endpoint only, over REST and tRPC.
    const listed = await get(t.app, '/api/webhooks', withKey(zapier));
    expect(listed.json<Endpoint[]>().map((endpoint) => endpoint.id)).toEqual([byZapier]);
    const listedOverTrpc = await get(t.app, '/trpc/webhooks.list', withKey(zapier));
    expect(
      listedOverTrpc.json<{ result: { data: Endpoint[] } }>().result.data.map(({ id }) => id),
    ).toEqual([byZapier]);

    const notFound = { deliveries: 404, redeliver: 404, rotate: 404, delete: 404 };
    for (const other of [byCrm, bySettings]) {
      const answers = await answersWithKey(zapier, other, Number(await deliveryOf(other)));
      expect(answers, `endpoint ${other}`).toEqual({ rest: notFound, trpc: notFound });
    }
    // Its own answers as before.
    const ownDelivery = Number(await deliveryOf(byZapier));
    expect(
      (await get(t.app, `/api/webhooks/${byZapier}/deliveries`, withKey(zapier))).statusCode,
    ).toBe(200);
    expect(
      (
        await bodylessRequest(
          t.app,
          'POST',
          `/api/webhooks/${byZapier}/deliveries/${ownDelivery}/redeliver`,
          withKey(zapier),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await bodylessRequest(
          t.app,
          'POST',
          `/api/webhooks/${byZapier}/rotate-secret`,
          withKey(zapier),
        )
      ).statusCode,
    ).toBe(200);

    // The person signed in sees all three, and may act on the key's.
    const all = (await get(t.app, '/api/webhooks', { cookie: cookie })).json<Endpoint[]>();
    expect(all.map((endpoint) => endpoint.id).sort()).toEqual([byZapier, byCrm, bySettings].sort());
    const rotatedByPerson = await trpcMutation(
      t.app,
      'webhooks.rotateSecret',
      { id: byCrm },
      { cookie: cookie },
    );
    expect(rotatedByPerson.statusCode).toBe(200);
    // Nothing the key tried was done: every endpoint is still there.
    expect(
      Number(
        await t.sql.value<number>(
          'SELECT count(*) FROM webhook_endpoints WHERE id IN (?, ?, ?)',
          byZapier,
          byCrm,
          bySettings,
        ),
      ),
    ).toBe(3);
    expect(
      (await bodylessRequest(t.app, 'DELETE', `/api/webhooks/${byZapier}`, withKey(zapier)))
        .statusCode,
    ).toBe(200);
  });

  it('say why a redelivery cannot go to an endpoint stopped with its revoked key, not "410 Gone"', async () => {
    const { id: keyId, key } = await newKey('Revoked later');
    const endpointId = await registeredBy(key, 'revoked');
    await sendContract(t, cookie);
    const delivery = Number(await deliveryOf(endpointId));
    expect(
      (await bodylessRequest(t.app, 'DELETE', `/api/keys/${keyId}`, { cookie })).statusCode,
    ).toBe(200);

    const again = await trpcMutation(
      t.app,
      'webhooks.redeliver',
      { id: endpointId, delivery_id: delivery },
      { cookie },
    );
    expect(again.statusCode).toBe(409);
    const message = again.json<{ error: { message: string } }>().error.message;
    expect(message).toBe(
      'This webhook was stopped because the API key that registered it was revoked: add it again to receive events',
    );
    expect(message).not.toContain('410');
  });
});
