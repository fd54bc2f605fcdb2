import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CLIENT, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { deliverQueuedMail } from '../../test/mail-delivery.js';
import { createTestApp, get, jsonPost, trpcMutation, type TestApp } from '../../test/test-app.js';
import { countSealedCopy } from './sealed-copy-counter.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function appWithMetrics(clock?: () => Date) {
  const t = await createTestApp({ METRICS_TOKEN: TOKEN }, clock ? { clock } : {});
  apps.push(t);
  return t;
}

async function scrape(t: TestApp): Promise<string> {
  const answer = await get(t.app, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return answer.body;
}

/** The value of one series, e.g. `tradesign_queue_depth{queue="mail"}`. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} in:\n${text}`);
  return Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, and wants the token when it is set', async () => {
    const off = await createTestApp();
    apps.push(off);
    const withToken = { headers: { authorization: `Bearer ${TOKEN}` } };
    expect((await get(off.app, '/metrics', withToken)).statusCode).toBe(404);

    const t = await appWithMetrics();
    const none = await get(t.app, '/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const wrong = await get(t.app, '/metrics', {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('tradesign_');
  });

  it("reads the mail queue's depth and age from the database at each scrape", async () => {
    let now = new Date('2026-12-01T09:00:00.000Z');
    const t = await appWithMetrics(() => now);
    const cookie = await contractorReadyToSend(t, 'queue@example.com');
    expect(valueOf(await scrape(t), 'tradesign_queue_depth{queue="mail"}')).toBe(0);

    await sendContract(t, cookie);
    await t.sql.run('UPDATE email_outbox SET created_at = ?', '2026-12-01T09:00:00.000Z');
    now = new Date('2026-12-01T09:01:30.000Z');
    const queued = await scrape(t);
    expect(valueOf(queued, 'tradesign_queue_depth{queue="mail"}')).toBe(1);
    expect(valueOf(queued, 'tradesign_queue_oldest_age_seconds{queue="mail"}')).toBe(90);
    expect(valueOf(queued, 'tradesign_queue_depth{queue="documents"}')).toBe(0);
    expect(valueOf(queued, 'tradesign_queue_depth{queue="webhooks"}')).toBe(0);

    expect(await deliverQueuedMail(t)).toBe(1);
    const delivered = await scrape(t);
    expect(valueOf(delivered, 'tradesign_queue_depth{queue="mail"}')).toBe(0);
    expect(valueOf(delivered, 'tradesign_queue_oldest_age_seconds{queue="mail"}')).toBe(0);
  });

  it('counts requests by route pattern and status, never with a signing token or an email', async () => {
    const t = await appWithMetrics();
    const contractor = 'routes@example.com';
    const cookie = await contractorReadyToSend(t, contractor);
    const { id, token } = await sendContract(t, cookie);
    expect(token).toHaveLength(43);
    for (let view = 0; view < 2; view += 1) {
      expect((await get(t.app, `/api/esign/${token}`)).statusCode).toBe(200);
    }
    await get(t.app, `/api/contracts/${id}?email=${encodeURIComponent(TEST_CLIENT.email)}`, {
      cookie,
    });
    await get(t.app, `/no-such-page/${token}`);

    const text = await scrape(t);
    expect(
      valueOf(
        text,
        'tradesign_http_request_duration_seconds_count{method="GET",route="/api/esign/:token",status="200"}',
      ),
    ).toBe(2);
    expect(text).toContain(
      'tradesign_http_request_duration_seconds_count{method="GET",route="(no route)",status="404"} 1',
    );
    expect(text).toContain('route="/api/contracts/:id"');
    for (const secret of [token, TEST_CLIENT.email, contractor, cookie.split('=')[1] ?? cookie]) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts failed sign-ins on the REST route and its tRPC twin, and sealed copies', async () => {
    const t = await appWithMetrics();
    await contractorReadyToSend(t, 'signin@example.com');
    const wrong = { email: 'signin@example.com', password: 'not-the-password' };
    expect((await jsonPost(t.app, '/api/auth/login', wrong, { origin: t.origin })).statusCode).toBe(
      401,
    );
    expect((await trpcMutation(t.app, 'auth.login', wrong)).statusCode).toBe(401);
    // As the web app's batching link sends it.
    const batched = await jsonPost(t.app, '/trpc/auth.login?batch=1', { 0: wrong });
    expect(batched.statusCode).toBe(401);
    const right = { ...wrong, password: 'secret123' };
    expect((await jsonPost(t.app, '/api/auth/login', right, { origin: t.origin })).statusCode).toBe(
      200,
    );

    const before = await scrape(t);
    expect(valueOf(before, 'tradesign_sign_ins_failed_total{reason="credentials"}')).toBe(3);
    expect(valueOf(before, 'tradesign_sign_ins_failed_total{reason="throttled"}')).toBe(0);

    // The document worker counts each attempt (src/features/documents/document-worker.ts).
    const made = valueOf(before, 'tradesign_sealed_copies_total{outcome="made"}');
    countSealedCopy('made');
    expect(valueOf(await scrape(t), 'tradesign_sealed_copies_total{outcome="made"}')).toBe(
      made + 1,
    );
  });
});
