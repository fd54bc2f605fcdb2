import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { DAY_MS, MINUTE_MS, movableClock, type MovableClock } from '../../test/follow-up-flow.js';
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../../test/test-app.js';
import {
  connectAgain,
  createWebhook,
  deliverOnce,
  expectedSignature,
  manualWebhookWorker,
  signaturesOf,
  verifyWebhook,
} from '../../test/webhook-flow.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { markDeliverySucceeded } from './deliveries.repo.js';
import { claimNextDelivery } from './delivery-claim.js';
import { DEFAULT_WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT } from './webhook-sender.js';

/**
 * Delivering webhooks (issue 19, docs/decisions/025): real receivers on 127.0.0.1, signatures
 * checked with the `standardwebhooks` package, and a clock the tests move instead of waiting.
 */
let t: TestApp;
let clock: MovableClock;
let receiver: WebhookReceiver;
let accounts = 0;

beforeAll(async () => {
  // Real time at the start, so receivers' 5-minute tolerance holds while the clock moves minutes.
  clock = movableClock(new Date());
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock: clock.now });
});
afterAll(() => t.close());

beforeEach(async () => {
  clock.set(new Date());
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  // Each test's deliveries stay its own.
  await t.sql.run('DELETE FROM webhook_deliveries');
  await t.sql.run('DELETE FROM webhook_endpoints');
});

/** A new account with one endpoint for `contract.sent` at this test's receiver. */
async function accountWithWebhook() {
  accounts += 1;
  const cookie = await contractorReadyToSend(t, `hooks${accounts}@example.com`);
  const webhook = await createWebhook(t, cookie, receiver.url, ['contract.sent']);
  return { cookie, webhook };
}

async function deliveries(cookie: string, id: number) {
  const answer = await trpcQuery(t.app, 'webhooks.deliveries', { id }, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ result: { data: Record<string, unknown>[] } }>().result.data;
}

const run = () => deliverOnce(t, { now: clock.now });

describe('delivering a webhook', () => {
  it('gets an event through a receiver that answers 500, 500, then 200: three tries, one success', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    receiver.answers.push(500, 500, 200);
    const { id } = await sendContract(t, cookie);

    expect(await run()).toBe(0);
    // Not due again before its wait (30 s) has passed.
    expect(await run()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    clock.advance(30_000);
    expect(await run()).toBe(0);
    clock.advance(2 * MINUTE_MS);
    expect(await run()).toBe(1);
    // Nothing more, however long we wait.
    clock.advance(7 * DAY_MS);
    expect(await run()).toBe(0);

    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^msg_[a-z2-7]{24}$/);
    for (const request of receiver.received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
      const payload = verifyWebhook(webhook.secret, request);
      expect(payload).toMatchObject({ type: 'contract.sent', data: { contract: { id } } });
    }
    expect(await deliveries(cookie, webhook.id)).toEqual([
      expect.objectContaining({
        event_type: 'contract.sent',
        status: 'succeeded',
        attempts: 3,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
        delivered_at: expect.any(String) as unknown,
      }),
    ]);
  });

  it('shows a failed try with its status and next time, and treats a redirect as a failure it does not follow', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    receiver.answers.push(302);
    await sendContract(t, cookie);
    await run();
    const [delivery] = await deliveries(cookie, webhook.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 302,
      last_error: 'The receiver answered HTTP 302',
      next_attempt_at: new Date(clock.now().getTime() + 30_000).toISOString(),
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('disables the endpoint on 410 Gone and stops what still waited for it', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    receiver.answers.push(410);
    await sendContract(t, cookie);
    await sendContract(t, cookie);
    // Both deliveries were due; the second is stopped by the first's 410, never sent.
    await run();
    expect(receiver.received).toHaveLength(1);
    const listed = await trpcQuery(t.app, 'webhooks.list', undefined, { cookie });
    expect(listed.json<{ result: { data: unknown[] } }>().result.data).toEqual([
      expect.objectContaining({
        id: webhook.id,
        disabled_at: clock.now().toISOString(),
        disabled_reason: 'The receiver answered 410 Gone',
      }),
    ]);
    const [second, first] = await deliveries(cookie, webhook.id);
    expect(first).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });
    expect(second).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'The endpoint was disabled',
    });

    // Later events queue nothing for it, and nothing is sent again.
    await sendContract(t, cookie);
    clock.advance(DAY_MS);
    await run();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(cookie, webhook.id)).toHaveLength(2);
    const again = await trpcMutation(
      t.app,
      'webhooks.redeliver',
      { id: webhook.id, delivery_id: first!.id },
      { cookie },
    );
    expect(again.statusCode).toBe(409);
  });

  it('gives up on a receiver that never answers after the deadline (15 s by default)', async () => {
    expect(DEFAULT_WEBHOOK_TIMEOUT_MS).toBe(15_000);
    const { cookie, webhook } = await accountWithWebhook();
    receiver.answers.push('hang');
    await sendContract(t, cookie);
    const started = Date.now();
    await deliverOnce(t, { now: clock.now, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveries(cookie, webhook.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'No answer within 300 ms',
    });
  });

  it('fails for good after the last try of the schedule', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    receiver.fallback = 503;
    await sendContract(t, cookie);
    for (let tries = 0; tries < 12; tries += 1) {
      await run();
      clock.advance(DAY_MS + DAY_MS / 4);
    }
    expect(receiver.received).toHaveLength(10);
    const [delivery] = await deliveries(cookie, webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 10, next_attempt_at: null });
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    const rotated = await trpcMutation(
      t.app,
      'webhooks.rotateSecret',
      { id: webhook.id },
      { cookie },
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previous_secret_expires_at: overlapEnds } = rotated.json<{
      result: { data: { secret: string; previous_secret_expires_at: string } };
    }>().result.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secret).not.toBe(webhook.secret);
    expect(overlapEnds).toBe(new Date(clock.now().getTime() + DAY_MS).toISOString());

    await sendContract(t, cookie);
    await run();
    const during = receiver.received[0]!;
    expect(signaturesOf(during)).toHaveLength(2);
    // A receiver holding either secret accepts it.
    verifyWebhook(webhook.secret, during);
    verifyWebhook(secret, during);

    clock.advance(DAY_MS + 1000);
    const [delivery] = await deliveries(cookie, webhook.id);
    const redelivered = await trpcMutation(
      t.app,
      'webhooks.redeliver',
      { id: webhook.id, delivery_id: delivery!.id },
      { cookie },
    );
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    await run();
    const after = receiver.received[1]!;
    // Same event, so the receiver can tell it already has it.
    expect(after.headers['webhook-id']).toBe(during.headers['webhook-id']);
    expect(after.body).toBe(during.body);
    expect(signaturesOf(after)).toEqual([expectedSignature(secret, after)]);
    expect(signaturesOf(after)).not.toContain(expectedSignature(webhook.secret, after));
  });

  it('redelivers a delivered event now, keeping the first delivery as the record', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    await sendContract(t, cookie);
    await run();
    const [first] = await deliveries(cookie, webhook.id);
    const redeliver = () =>
      trpcMutation(
        t.app,
        'webhooks.redeliver',
        { id: webhook.id, delivery_id: first!.id },
        { cookie },
      );
    const queued = (await redeliver()).json<{ result: { data: { id: number } } }>().result.data;
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, event_type: 'contract.sent' });
    // A second click brings the same one forward instead of queueing another.
    expect((await redeliver()).json<{ result: { data: { id: number } } }>().result.data.id).toBe(
      queued.id,
    );
    expect(await run()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(
      receiver.received[0]!.headers['webhook-id'],
    );
    expect((await deliveries(cookie, webhook.id)).map((row) => row.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
  });
});

describe('two instances delivering', () => {
  it('send each delivery once when both poll at the same moment', async () => {
    const { cookie } = await accountWithWebhook();
    for (let i = 0; i < 6; i += 1) await sendContract(t, cookie);
    const other = connectAgain(t);
    const workers = [
      manualWebhookWorker(t, { now: clock.now }),
      manualWebhookWorker(t, { now: clock.now, db: other }),
    ];
    try {
      const counts = await Promise.all(workers.map((worker) => worker.runOnce()));
      expect(counts[0]! + counts[1]!).toBe(6);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await other.destroy();
    }
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('leave a delivery whose sender died alone until its lease ends; the late sender records nothing', async () => {
    const { cookie, webhook } = await accountWithWebhook();
    const start = clock.now();
    await sendContract(t, cookie);
    const other = connectAgain(t);
    const survivor = manualWebhookWorker(t, { now: clock.now, db: other, leaseMs: 60_000 });
    let dead: Awaited<ReturnType<typeof claimNextDelivery>>;
    try {
      // The survivor is up (on SQLite its start frees what its own last life held) before the
      // other instance claims the delivery and dies before sending it.
      clock.set(new Date(start.getTime() - 1000));
      expect(await survivor.runOnce()).toBe(0);
      clock.set(start);
      dead = await claimNextDelivery(t.db, start, 60_000);
      expect(dead).toBeDefined();

      clock.set(new Date(start.getTime() + 59_000));
      expect(await survivor.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(0);
      clock.set(new Date(start.getTime() + 61_000));
      expect(await survivor.runOnce()).toBe(1);
    } finally {
      await survivor.stop();
      await other.destroy();
    }
    expect(receiver.received).toHaveLength(1);
    const outcome = { attempts: 1, statusCode: 200, error: null };
    expect(await markDeliverySucceeded(t.db, dead!, outcome, clock.now().toISOString())).toBe(
      false,
    );
    const [delivery] = await deliveries(cookie, webhook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
