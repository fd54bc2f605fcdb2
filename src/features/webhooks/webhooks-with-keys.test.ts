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
import { KEY_REVOKED_REASON } from './endpoints-of-keys.js';

/**
 * An integration subscribes itself over REST with its API key, as Zapier-style "REST hooks" do
 * (issue 19: a key works on every contractor route). What a key registered ends with the key:
 * revoking a leaked key leaves no receiver of the account's events behind.
 */
let t: TestApp;
let receiver: WebhookReceiver;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  receiver = await startWebhookReceiver(204);
  cookie = await contractorReadyToSend(t, 'integrated@example.com');
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
  created_by_key: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
}

const waiting = (endpointId: number) =>
  t.sql.value<number>(
    "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'pending'",
    endpointId,
  );

describe('webhooks registered with an API key', () => {
  it('are made over REST with the key alone, and named after it in the list', async () => {
    const { key } = await newKey('Zapier');
    const made = await jsonPost(
      t.app,
      '/api/webhooks',
      { url: receiver.url, events: ['contract.sent'] },
      withKey(key),
    );
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.json<{ secret: string }>().secret).toMatch(/^whsec_/);
    const listed = await get(t.app, '/api/webhooks', withKey(key));
    expect(listed.json<Endpoint[]>()[0]).toMatchObject({
      created_by_key: 'Zapier',
      disabled_at: null,
    });
  });

  it('stop with the key: revoked, its endpoints are disabled and their waiting events dropped', async () => {
    const { id: keyId, key } = await newKey('Leaked script');
    const byKey = (
      await jsonPost(
        t.app,
        '/api/webhooks',
        { url: `${receiver.url}?by=key`, events: ['contract.sent'] },
        withKey(key),
      )
    ).json<{ id: number }>();
    const bySettings = await trpcMutation(
      t.app,
      'webhooks.create',
      { url: `${receiver.url}?by=person`, events: ['contract.sent'] },
      { cookie },
    );
    const mine = bySettings.json<{ result: { data: { id: number } } }>().result.data;
    await sendContract(t, cookie);
    expect(Number(await waiting(byKey.id))).toBe(1);

    const revoked = await bodylessRequest(t.app, 'DELETE', `/api/keys/${keyId}`, { cookie });
    expect(revoked.statusCode).toBe(200);

    const list = (await get(t.app, '/api/webhooks', { cookie })).json<Endpoint[]>();
    const stopped = list.find((endpoint) => endpoint.id === byKey.id);
    expect(stopped?.disabled_at).not.toBeNull();
    expect(stopped?.disabled_reason).toBe(KEY_REVOKED_REASON);
    expect(Number(await waiting(byKey.id))).toBe(0);
    // The endpoint a person made in Settings is not the key's: it keeps its event.
    const kept = list.find((endpoint) => endpoint.id === mine.id);
    expect(kept?.disabled_at).toBeNull();
    expect(Number(await waiting(mine.id))).toBe(1);
    // And the key itself is refused.
    expect((await get(t.app, '/api/webhooks', withKey(key))).statusCode).toBe(401);
  });
});
