import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS } from '../../domain/webhooks.schemas.js';
import { contractorReadyToSend } from '../../test/contract-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { MAX_ACTIVE_KEYS } from './api-keys.service.js';

/**
 * The account's caps hold under a burst (issue 33): the count and the insert are one
 * transaction under the account's lock, on SQLite and on PostgreSQL, so 40 requests at once
 * make exactly the cap and the rest hear why.
 */
let t: TestApp;

beforeAll(async () => {
  // Receivers on this machine are allowed: `localhost` is looked up in DNS at each create, as a
  // public name is, so the requests overlap while they wait for it.
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
afterAll(() => t.close());

const BURST = 40;

/** How many of the burst's answers had each status, and the refusals' messages. */
function tally(answers: { statusCode: number; body: string }[]) {
  const made = answers.filter((answer) => answer.statusCode === 201).length;
  const refused = answers.filter((answer) => answer.statusCode === 409);
  return { made, refused: refused.length, messages: new Set(refused.map(({ body }) => body)) };
}

describe('40 creates at once', () => {
  it(`make exactly ${MAX_ACTIVE_KEYS} API keys`, async () => {
    const cookie = await contractorReadyToSend(t, 'key-burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        jsonPost(t.app, '/api/keys', { name: `Tool ${n}` }, { cookie }),
      ),
    );
    const { made, refused, messages } = tally(answers);
    expect({ made, refused }).toEqual({ made: MAX_ACTIVE_KEYS, refused: BURST - MAX_ACTIVE_KEYS });
    expect([...messages]).toEqual([
      `A company can have ${MAX_ACTIVE_KEYS} keys at most: revoke one you no longer use first`,
    ]);
    const stored = await t.sql.value<number>(
      "SELECT count(*) FROM api_keys k JOIN users u ON u.id = k.created_by_user_id WHERE u.email = 'key-burst@example.com'",
    );
    expect(Number(stored)).toBe(MAX_ACTIVE_KEYS);
  });

  it(`make exactly ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`, async () => {
    const cookie = await contractorReadyToSend(t, 'hook-burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        jsonPost(
          t.app,
          '/api/webhooks',
          { url: `http://localhost:9/hooks/${n}`, events: ['contract.sent'] },
          { cookie },
        ),
      ),
    );
    const { made, refused, messages } = tally(answers);
    expect({ made, refused }).toEqual({
      made: MAX_WEBHOOK_ENDPOINTS,
      refused: BURST - MAX_WEBHOOK_ENDPOINTS,
    });
    expect([...messages]).toEqual([
      `A company can have ${MAX_WEBHOOK_ENDPOINTS} webhooks at most: delete one you no longer use first`,
    ]);
    const stored = await t.sql.value<number>(
      "SELECT count(*) FROM webhook_endpoints e JOIN users u ON u.id = e.created_by_user_id WHERE u.email = 'hook-burst@example.com'",
    );
    expect(Number(stored)).toBe(MAX_WEBHOOK_ENDPOINTS);
  });
});
