import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { movableClock, type MovableClock } from '../../test/follow-up-flow.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTrickleReceiver, type TrickleReceiver } from '../../test/trickle-receiver.js';
import { connectAgain, createWebhook, manualWebhookWorker } from '../../test/webhook-flow.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { claimNextDelivery } from './delivery-claim.js';
import type { WebhookWorker } from './webhook-worker.js';

/**
 * One account's slow receivers hold up no one else (issue 33, docs/decisions/040): tries run side
 * by side, one per endpoint, accounts in turn. Receivers that trickle one byte a second run on
 * 127.0.0.1; each test waits for what the network does, in a bounded loop, and asserts the order
 * of what happened, never a duration.
 */
let t: TestApp;
let clock: MovableClock;
let accounts = 0;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  clock = movableClock(new Date());
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock: clock.now });
});
afterAll(() => t.close());
afterEach(async () => {
  // Receivers first: a try still trickling ends at once, so the worker's stop does not wait.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t.sql.run('DELETE FROM webhook_deliveries');
  await t.sql.run('DELETE FROM webhook_endpoints');
});

async function trickling(): Promise<TrickleReceiver> {
  const receiver = await startTrickleReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

async function answering(): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

/** A worker polling on its own, as the server runs it, with the given deadlines. */
function runningWorker(timeoutMs: number): WebhookWorker {
  const worker = manualWebhookWorker(t, { now: clock.now, pollMs: 50, timeoutMs });
  cleanups.unshift(() => worker.stop());
  return worker;
}

async function account(): Promise<string> {
  accounts += 1;
  return contractorReadyToSend(t, `fair${accounts}@example.com`);
}

/** Waits for something the network does; gives up after `boundMs` so a failure is quick too. */
async function until(condition: () => boolean, boundMs: number): Promise<void> {
  const gaveUpAt = Date.now() + boundMs;
  while (!condition() && Date.now() < gaveUpAt) await sleep(20);
}

describe('webhooks of several accounts', () => {
  it("send another account's contract.sent while three trickling endpoints of one account are in flight", async () => {
    const slow = await trickling();
    const slowOwner = await account();
    for (const path of ['/a', '/b', '/c']) {
      await createWebhook(t, slowOwner, `${slow.origin}${path}`, ['contract.sent']);
    }
    // Two events each, queued before the other account's: the slow account's come first in time.
    await sendContract(t, slowOwner);
    await sendContract(t, slowOwner);
    const quick = await answering();
    const quickOwner = await account();
    await createWebhook(t, quickOwner, quick.url, ['contract.sent']);
    const { id } = await sendContract(t, quickOwner);

    // The whole-try deadline is long enough that every trickle is still going when the quick
    // receiver is answered, unless that waited for a trickle to end.
    const timeoutMs = 10_000;
    runningWorker(timeoutMs);
    await until(() => quick.received.length > 0 || slow.ended > 0, timeoutMs + 5_000);

    expect(quick.received).toHaveLength(1);
    expect(JSON.parse(quick.received[0]!.body)).toMatchObject({
      type: 'contract.sent',
      data: { contract: { id } },
    });
    // It arrived while the trickles went on: all three were in flight, none had ended.
    await until(() => slow.open === 3, 2_000);
    expect({ open: slow.open, ended: slow.ended }).toEqual({ open: 3, ended: 0 });
    // One try at a time per endpoint, though each had two events waiting.
    expect(slow.mostAtOnceByPath()).toEqual({ '/a': 1, '/b': 1, '/c': 1 });
  });
});

describe('an endpoint that timed out', () => {
  it('keeps its backoff, and its neighbour is not held up by it', async () => {
    const slow = await trickling();
    const neighbour = await answering();
    const owner = await account();
    // The slow one is made first, so its delivery is the older of the event's two.
    const slowHook = await createWebhook(t, owner, `${slow.origin}/slow`, ['contract.sent']);
    await createWebhook(t, owner, neighbour.url, ['contract.sent']);
    await sendContract(t, owner);

    const worker = manualWebhookWorker(t, { now: clock.now, timeoutMs: 1_000 });
    cleanups.unshift(() => worker.stop());
    const pass = worker.runOnce();
    await until(() => neighbour.received.length > 0 || slow.ended > 0, 5_000);
    // The neighbour was answered while the slow try was still going.
    expect(neighbour.received).toHaveLength(1);
    expect(slow.ended).toBe(0);
    expect(await pass).toBe(1);

    const delivery = await t.sql.get<{
      attempts: number;
      last_error: string;
      next_attempt_at: string;
    }>(
      'SELECT attempts, last_error, next_attempt_at FROM webhook_deliveries WHERE endpoint_id = ?',
      slowHook.id,
    );
    expect(delivery).toEqual({
      attempts: 1,
      last_error: 'No answer within 1 s',
      // The schedule's first wait, 30 s (no jitter here).
      next_attempt_at: new Date(clock.now().getTime() + 30_000).toISOString(),
    });
    // Free slots do not bring it back sooner.
    expect(await worker.runOnce()).toBe(0);
    expect(slow.requestsByPath()).toEqual({ '/slow': 1 });
    clock.advance(30_000);
    const again = worker.runOnce();
    await until(() => slow.requestsByPath()['/slow'] === 2, 5_000);
    expect(slow.requestsByPath()).toEqual({ '/slow': 2 });
    await again;
  });
});

describe('claims of two instances at once', () => {
  it('take one delivery per endpoint, each once, and the next of an endpoint only when its lease ends', async () => {
    const owner = await account();
    const endpoints: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      endpoints.push(
        (await createWebhook(t, owner, `http://127.0.0.1:9/e${n}`, ['contract.sent'])).id,
      );
    }
    // Three events: three deliveries due for each of the five endpoints.
    for (let i = 0; i < 3; i += 1) await sendContract(t, owner);
    const other = connectAgain(t);
    try {
      const now = clock.now();
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, n) => claimNextDelivery(n % 2 ? other : t.db, now, 60_000)),
      );
      const claimed = claims.filter((row) => row !== undefined);
      // However the claims interleaved: one delivery per endpoint, none claimed twice.
      expect(claimed.map((row) => row.endpoint_id).sort()).toEqual([...endpoints].sort());
      expect(new Set(claimed.map((row) => row.id)).size).toBe(5);
      expect(await claimNextDelivery(other, now, 60_000)).toBeUndefined();
      // Leases that ran out (their instance died) free their endpoints again.
      const later = new Date(now.getTime() + 61_000);
      const again = await claimNextDelivery(other, later, 60_000);
      expect(endpoints).toContain(again?.endpoint_id);
    } finally {
      await other.destroy();
    }
  });
});
