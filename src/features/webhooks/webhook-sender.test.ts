import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrickleReceiver, type TrickleReceiver } from '../../test/trickle-receiver.js';
import type { HostResolver } from './ssrf-guard.js';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  postWebhook,
} from './webhook-sender.js';

/**
 * The two deadlines of a try (issue 33): connecting within 5 s, the whole exchange within 15 s.
 * A receiver that cannot be reached frees the worker's slot in seconds.
 */
const forTests = { allowPrivate: true };
let trickle: TrickleReceiver;

beforeAll(async () => {
  trickle = await startTrickleReceiver(100);
});
afterAll(() => trickle.close());

describe('a webhook try', () => {
  it('connects within 5 s and ends within 15 s by default', () => {
    expect(DEFAULT_CONNECT_TIMEOUT_MS).toBe(5_000);
    expect(DEFAULT_WEBHOOK_TIMEOUT_MS).toBe(15_000);
  });

  it('gives up connecting at the connect deadline, long before the whole try’s', async () => {
    // A name whose DNS never answers: the connection never starts.
    const silent: HostResolver = () => new Promise(() => undefined);
    const post = postWebhook({
      url: 'http://hooks.example.com/x',
      body: '{}',
      headers: {},
      timeoutMs: 60_000,
      connectTimeoutMs: 200,
      policy: forTests,
      resolve: silent,
    });
    await expect(post).rejects.toThrow('Could not connect within 200 ms');
  });

  it('once connected, is bound by the whole try’s deadline only', async () => {
    const post = postWebhook({
      url: `${trickle.origin}/slow`,
      body: '{}',
      headers: {},
      timeoutMs: 600,
      connectTimeoutMs: 200,
      policy: forTests,
    });
    // Connected at once, then trickled to past the connect deadline: the whole try's ends it.
    await expect(post).rejects.toThrow('No answer within 600 ms');
    expect(trickle.requestsByPath()).toEqual({ '/slow': 1 });
  });
});
