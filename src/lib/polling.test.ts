import { describe, expect, it } from 'vitest';
import { startPolling } from './polling.js';

describe('startPolling', () => {
  it('runs passes one at a time, after the start-up step, and goes on after a failed one', async () => {
    const order: string[] = [];
    let running = 0;
    let calls = 0;
    const errors: unknown[] = [];
    const polling = startPolling(
      async () => {
        running += 1;
        expect(running).toBe(1);
        calls += 1;
        order.push(`pass ${calls}`);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        if (calls === 1) throw new Error('first pass fails');
        return calls;
      },
      {
        pollMs: 60_000,
        onError: (error) => errors.push(error),
        after: Promise.resolve().then(() => order.push('start-up')),
      },
    );
    const [first, second] = await Promise.allSettled([polling.runOnce(), polling.runOnce()]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 2 });
    expect(order).toEqual(['start-up', 'pass 1', 'pass 2']);
    expect(polling.stopped).toBe(false);
    await polling.stop();
    expect(polling.stopped).toBe(true);
  });

  it('reports a failed start-up step and still runs', async () => {
    const errors: unknown[] = [];
    const polling = startPolling(() => Promise.resolve('ran'), {
      pollMs: 60_000,
      onError: (error) => errors.push(error),
      after: Promise.reject(new Error('recovery failed')),
    });
    expect(await polling.runOnce()).toBe('ran');
    expect(errors).toHaveLength(1);
    await polling.stop();
  });
});
