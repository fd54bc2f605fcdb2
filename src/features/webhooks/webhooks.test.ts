import { sessionUserByEmail } from '../../test/people.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookInputSchema, MAX_WEBHOOK_ENDPOINTS } from '../../domain/webhooks.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../../test/test-app.js';
import { createWebhook } from '../../test/webhook-flow.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import type { HostResolver } from './ssrf-guard.js';
import { createWebhookEndpoint } from './webhooks.service.js';

/**
 * Managing webhooks (issue 19, docs/decisions/025): a signed-in person registers an https URL
 * that passes the address guard, sees its secret once, and manages only the account's own.
 */
let t: TestApp;
let owner: string;
let stranger: string;

beforeAll(async () => {
  // The production setting: no private addresses, https only.
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'manage@example.com');
  stranger = await contractorReadyToSend(t, 'stranger@example.com');
});
afterAll(() => t.close());

/** The person signed in with `email`, as a webhook call from them is made. */
const personCalling = async (email: string) => ({
  user: await sessionUserByEmail(t.db, email),
  apiKeyId: null,
});

/** DNS as the tests want it: hooks.example.com is public, rebind.example.com is loopback. */
const resolve: HostResolver = (hostname) =>
  Promise.resolve(
    hostname === 'rebind.example.com'
      ? [{ address: '127.0.0.1', family: 4 }]
      : [{ address: '93.184.215.14', family: 4 }],
  );

const deps = () => ({
  db: t.db,
  config: t.config,
  mailSealer: mailSealerForDataDir(t.dir),
  clock: () => new Date(),
  resolve,
});

/** An endpoint saved through the service with the fake DNS (the real one may be offline). */
async function saved(email: string, url = 'https://hooks.example.com/tradesign') {
  const input = createWebhookInputSchema.parse({
    url,
    events: ['contract.signed', 'contract.sent', 'contract.signed'],
  });
  return createWebhookEndpoint(deps(), await personCalling(email), input);
}

const data = <T>(answer: { json<J>(): J }) => answer.json<{ result: { data: T } }>().result.data;

describe('registering a webhook', () => {
  it('shows its secret once, in the Standard Webhooks form, and lists it without', async () => {
    const created = await saved('manage@example.com');
    expect(created).toEqual({
      id: expect.any(Number) as unknown,
      url: 'https://hooks.example.com/tradesign',
      // Each once, in the list's order, whatever order they were picked in.
      events: ['contract.sent', 'contract.signed'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) as unknown,
    });
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);

    const list = await trpcQuery(t.app, 'webhooks.list', undefined, { cookie: owner });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.slice(6));
    expect(data(list)).toEqual([
      {
        id: created.id,
        url: created.url,
        events: ['contract.sent', 'contract.signed'],
        created_at: expect.any(String) as unknown,
        disabled_at: null,
        disabled_reason: null,
        created_by_key: null,
      },
    ]);
  });

  it.each([
    ['plain http', 'http://hooks.example.com/x', /must start with https/],
    ['a loopback address', 'https://127.0.0.1:8443/x', /private or local network/],
    ['the metadata address', 'https://169.254.169.254/latest', /private or local network/],
    ['an IPv4-mapped loopback', 'https://[::ffff:7f00:1]/x', /private or local network/],
    ['localhost', 'https://localhost/x', /private or local network/],
  ])('refuses %s with a 400 that says why', async (_name, url, reason) => {
    const answer = await trpcMutation(
      t.app,
      'webhooks.create',
      { url, events: ['contract.sent'] },
      { cookie: owner },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ error: { message: string } }>().error.message).toMatch(reason);
  });

  it('refuses a name that resolves to loopback when it is saved', async () => {
    const refused = createWebhookEndpoint(deps(), await personCalling('manage@example.com'), {
      url: 'https://rebind.example.com/x',
      events: ['contract.sent'],
    });
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toThrow(/private or local network/);
  });

  it.each([
    ['no events', { url: 'https://hooks.example.com/x', events: [] }],
    ['an unknown event', { url: 'https://hooks.example.com/x', events: ['contract.paid'] }],
    ['not a URL', { url: 'hooks', events: ['contract.sent'] }],
    ['another scheme', { url: 'ftp://hooks.example.com/x', events: ['contract.sent'] }],
  ])('refuses %s', async (_name, input) => {
    const answer = await trpcMutation(t.app, 'webhooks.create', input, { cookie: owner });
    expect(answer.statusCode).toBe(400);
  });

  it(`stops at ${MAX_WEBHOOK_ENDPOINTS} per account`, async () => {
    const email = 'many@example.com';
    await contractorReadyToSend(t, email);
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i += 1) await saved(email);
    await expect(saved(email)).rejects.toThrow(`${MAX_WEBHOOK_ENDPOINTS} webhooks at most`);
  });
});

describe('one account’s webhooks', () => {
  it('are not another’s: listing, deleting, rotating and deliveries are 404 for them', async () => {
    const mine = await saved('manage@example.com');
    const theirs = data<unknown[]>(
      await trpcQuery(t.app, 'webhooks.list', undefined, { cookie: stranger }),
    );
    expect(theirs).toEqual([]);
    for (const [procedure, input] of [
      ['webhooks.delete', { id: mine.id }],
      ['webhooks.rotateSecret', { id: mine.id }],
      ['webhooks.redeliver', { id: mine.id, delivery_id: 1 }],
    ] as const) {
      const answer = await trpcMutation(t.app, procedure, input, { cookie: stranger });
      expect(answer.statusCode, procedure).toBe(404);
    }
    const deliveries = await trpcQuery(
      t.app,
      'webhooks.deliveries',
      { id: mine.id },
      { cookie: stranger },
    );
    expect(deliveries.statusCode).toBe(404);
    // Still there for its owner.
    const list = data<{ id: number }[]>(
      await trpcQuery(t.app, 'webhooks.list', undefined, { cookie: owner }),
    );
    expect(list.map((row) => row.id)).toContain(mine.id);
  });

  it('stop receiving events once deleted, and lose their deliveries', async () => {
    const email = 'deleting@example.com';
    const cookie = await contractorReadyToSend(t, email);
    const endpoint = await saved(email);
    await sendContract(t, cookie);
    const count = () =>
      t.sql.value<number>(
        'SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?',
        endpoint.id,
      );
    expect(Number(await count())).toBe(1);
    const deleted = await trpcMutation(t.app, 'webhooks.delete', { id: endpoint.id }, { cookie });
    expect(deleted.statusCode).toBe(200);
    expect(Number(await count())).toBe(0);
    expect(data(await trpcQuery(t.app, 'webhooks.list', undefined, { cookie }))).toEqual([]);
    await sendContract(t, cookie);
    const ofAccount = await t.sql.value<number>(
      `SELECT count(*) FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.company_id = ?`,
      (await personCalling(email)).user.companyId,
    );
    expect(Number(ofAccount)).toBe(0);
    const again = await trpcMutation(t.app, 'webhooks.delete', { id: endpoint.id }, { cookie });
    expect(again.statusCode).toBe(404);
  });

  it('registered through the screen work with plain http to loopback only when allowed (tests)', async () => {
    const allowed = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    try {
      const cookie = await contractorReadyToSend(allowed, 'tests@example.com');
      const created = await createWebhook(allowed, cookie, 'http://127.0.0.1:9/hooks', [
        'contract.sent',
      ]);
      expect(created.url).toBe('http://127.0.0.1:9/hooks');
    } finally {
      await allowed.close();
    }
  });
});
