import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend } from '../../test/contract-flow.js';
import { sendableDraft } from '../../test/factories.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { MAX_ACTIVE_KEYS } from './api-keys.service.js';

/**
 * API keys (issue 19): made and revoked by a signed-in person, shown once, stored hashed, and
 * `Authorization: Bearer <key>` acting as that contractor on every contractor route.
 */
let t: TestApp;
const logLines: string[] = [];
let owner: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { logLevel: 'info', logStream: { write: (line: string) => logLines.push(line) } },
  );
  owner = await contractorReadyToSend(t, 'keys@example.com');
  stranger = await contractorReadyToSend(t, 'stranger@example.com');
});
afterAll(async () => {
  await t.close();
});

interface CreatedKey {
  id: string;
  name: string;
  prefix: string;
  key: string;
  created_at: string;
  last_used_at: string | null;
  created_by: { id: number; name: string };
}

async function createKey(name: string, cookie = owner): Promise<CreatedKey> {
  const answer = await jsonPost(t.app, '/api/keys', { name }, { cookie });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<CreatedKey>();
}

/** A call as an integration makes it: the key, no cookie, no Origin. */
const withKey = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

describe('API keys', () => {
  it('are shown once at creation, then listed by name and first characters only', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/keys',
      { name: '  QuickBooks sync ' },
      { cookie: owner },
    );
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const created = answer.json<CreatedKey>();
    expect(created).toMatchObject({ name: 'QuickBooks sync', last_used_at: null });
    expect(created.key).toMatch(/^tsk_[a-z2-7]{16}_[a-z2-7]{52}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength(12);

    const list = await get(t.app, '/api/keys', { cookie: owner });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key.slice(21));
    expect(list.json()).toEqual([
      {
        id: created.id,
        name: 'QuickBooks sync',
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: null,
        // Who of the company made it: the signed-up owner, by email until they give a name.
        created_by: { id: expect.any(Number) as unknown, name: created.created_by.name },
      },
    ]);
    expect(created.created_by.name).toMatch(/@example\.com$/);
  });

  it('act as the contractor on contractor routes, without Origin, and record their last use', async () => {
    const { key, id } = await createKey('Zapier');
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify(
        sendableDraft({ name: 'Kim Park', email: 'kim@example.com' }, 250_000),
      ),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const list = await get(t.app, '/api/contracts', withKey(key));
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Kim Park');
    // The contractor sees the contract made through the key.
    expect((await get(t.app, '/api/contracts', { cookie: owner })).body).toContain('Kim Park');
    const keys = (await get(t.app, '/api/keys', { cookie: owner })).json<CreatedKey[]>();
    expect(keys.find((listed) => listed.id === id)?.last_used_at).toEqual(expect.any(String));
  });

  it('answer 401 for a revoked, unknown or malformed key, even beside a signed-in cookie', async () => {
    const { key, id } = await createKey('Old CRM');
    expect((await get(t.app, '/api/contracts', withKey(key))).statusCode).toBe(200);
    const revoked = await bodylessRequest(t.app, 'DELETE', `/api/keys/${id}`, { cookie: owner });
    expect(revoked.statusCode).toBe(200);
    for (const bad of [key, `${key.slice(0, -1)}a`, 'tsk_nothing', '']) {
      const answer = await get(t.app, '/api/contracts', {
        headers: { authorization: `Bearer ${bad}`, cookie: owner },
      });
      expect(answer.statusCode, bad).toBe(401);
      // The integrator is told what is wrong: the key, not a missing sign-in.
      expect(answer.body, bad).toBe('Invalid API key');
    }
    expect((await get(t.app, '/api/keys', { cookie: owner })).body).not.toContain(id);
  });

  it('say "Invalid API key" as JSON too, and "Please sign in" to a call with no credentials', async () => {
    const json = { accept: 'application/json' };
    const wrongKey = await get(t.app, '/api/contracts', {
      headers: { ...json, authorization: 'Bearer tsk_not_a_key' },
    });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Invalid API key' },
    });
    const otherScheme = await get(t.app, '/api/contracts', {
      headers: { authorization: 'Basic a2V5OnNlY3JldA==' },
    });
    expect([otherScheme.statusCode, otherScheme.body]).toEqual([401, 'Invalid API key']);
    const nobody = await get(t.app, '/api/contracts', { headers: json });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in' } });
  });

  it('cannot make or revoke keys: only a signed-in person can', async () => {
    const { key, id } = await createKey('Scheduler');
    const make = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify({ name: 'Another' }),
    });
    expect(make.statusCode).toBe(403);
    expect(make.body).toBe(
      'API keys are managed in Settings → API by a signed-in person, not with a key',
    );
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(revoke.statusCode).toBe(403);
  });

  it('belong to one account: another contractor neither sees nor revokes them', async () => {
    const { id } = await createKey('Mine');
    expect((await get(t.app, '/api/keys', { cookie: stranger })).json()).toEqual([]);
    const revoke = await bodylessRequest(t.app, 'DELETE', `/api/keys/${id}`, { cookie: stranger });
    expect(revoke.statusCode).toBe(404);
    expect((await get(t.app, '/api/keys', { cookie: owner })).body).toContain(id);
  });

  it('keep the Origin check for the cookie: a cross-site form still cannot post', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/keys',
      { name: 'Sneaky' },
      { cookie: owner, origin: 'https://evil.example' },
    );
    expect(answer.statusCode).toBe(403);
  });

  it('need a name, and stop at the account limit', async () => {
    const nameless = await jsonPost(t.app, '/api/keys', { name: '   ' }, { cookie: stranger });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('Give the key a name, like the tool that will use it');
    for (let n = 0; n < MAX_ACTIVE_KEYS; n += 1) await createKey(`Tool ${n}`, stranger);
    const over = await jsonPost(t.app, '/api/keys', { name: 'One more' }, { cookie: stranger });
    expect(over.statusCode).toBe(409);
    expect(over.body).toContain(`A company can have ${MAX_ACTIVE_KEYS} keys at most`);
  });

  it('have tRPC twins for the settings screen', async () => {
    const created = await trpcMutation(
      t.app,
      'apiKeys.create',
      { name: 'From the screen' },
      { cookie: owner },
    );
    expect(created.statusCode).toBe(200);
    const key = created.json<{ result: { data: CreatedKey } }>().result.data;
    expect(key.key).toMatch(/^tsk_/);
    const revoked = await trpcMutation(t.app, 'apiKeys.revoke', { id: key.id }, { cookie: owner });
    expect(revoked.statusCode).toBe(200);
    expect((await get(t.app, '/api/contracts', withKey(key.key))).statusCode).toBe(401);
  });

  it("work as the README's curl example shows", async () => {
    const { key } = await createKey('README');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload:
        '{"client_name": "Maria Lopez", "client_email": "maria@example.com", "total_price_cents": 450000}',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'draft', client_name: 'Maria Lopez' });
  });

  it('are in no log line and no database file in plain text', async () => {
    const { key } = await createKey('Audit');
    expect((await get(t.app, '/api/contracts', withKey(key))).statusCode).toBe(200);
    const secret = key.slice(21);
    expect(logLines.join('\n')).not.toContain(secret);
    expect(await t.databaseFilesHolding(secret)).toEqual([]);
  });
});
