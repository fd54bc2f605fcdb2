import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolling, withTicksRecordedBy } from './polling.js';
import { createWorkerMonitor, HUNG_PASS_MS } from './worker-ticks.js';

/** Real timers would make these tests wait; vitest's fake ones move the clock instead. */
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const check = (monitor: ReturnType<typeof createWorkerMonitor>, name: string) =>
  monitor.checks().find((line) => line.name === name);

describe("the workers' ticks, as /readyz reads them", () => {
  it('a worker that never started is not ready, and one off by configuration is', () => {
    const monitor = createWorkerMonitor();
    monitor.off('documents', 'no Chromium at /usr/bin/chromium');
    expect(check(monitor, 'worker:mail')).toEqual({
      name: 'worker:mail',
      ok: false,
      detail: 'not started',
    });
    expect(check(monitor, 'worker:documents')).toEqual({
      name: 'worker:documents',
      ok: true,
      detail: 'off: no Chromium at /usr/bin/chromium',
    });
  });

  it('ticks while its poller runs, and is not ready once it is stopped', async () => {
    const monitor = createWorkerMonitor();
    const polling = withTicksRecordedBy(monitor.recorderFor('webhooks'), () =>
      startPolling(() => Promise.resolve(0), { pollMs: 1000, onError: () => undefined }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check(monitor, 'worker:webhooks')).toMatchObject({ ok: true });

    await polling.stop();
    expect(check(monitor, 'worker:webhooks')).toEqual({
      name: 'worker:webhooks',
      ok: false,
      detail: 'stopped (the server is stopping)',
    });
  });

  it('a poller whose timer stopped firing is stale after five of its intervals', async () => {
    const monitor = createWorkerMonitor();
    const ticks = monitor.recorderFor('mail');
    ticks.started(1000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(check(monitor, 'worker:mail')).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(check(monitor, 'worker:mail')).toEqual({
      name: 'worker:mail',
      ok: false,
      detail: 'no tick for 5 s (polls every 1 s)',
    });
  });

  it('a long pass is work, not death, until it has run for HUNG_PASS_MS', async () => {
    const monitor = createWorkerMonitor();
    let finish = () => {};
    let passes = 0;
    const polling = withTicksRecordedBy(monitor.recorderFor('documents'), () =>
      startPolling(
        () => {
          passes += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        },
        { pollMs: 1000, onError: () => undefined },
      ),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    // The timer kept ticking but queued no pass behind the one still running.
    expect(passes).toBe(1);
    expect(check(monitor, 'worker:documents')).toEqual({
      name: 'worker:documents',
      ok: true,
      detail: 'working for 59 s (polls every 1 s)',
    });
    await vi.advanceTimersByTimeAsync(HUNG_PASS_MS - 59_000 + 100);
    expect(check(monitor, 'worker:documents')).toMatchObject({
      ok: false,
      detail: 'one pass has been running for 900.1 s',
    });
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(check(monitor, 'worker:documents')).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    finish();
    await polling.stop();
  });

  it('a stop begun by a signal makes the server not ready before any worker stops', () => {
    const monitor = createWorkerMonitor();
    monitor.stopping('SIGTERM');
    expect(monitor.checks()[0]).toEqual({
      name: 'server',
      ok: false,
      detail: 'stopping (SIGTERM)',
    });
  });

  it('refuses to watch a worker that starts no poller', () => {
    const monitor = createWorkerMonitor();
    expect(() => withTicksRecordedBy(monitor.recorderFor('mail'), () => ({}))).toThrow(
      'the worker started no poller',
    );
    // The recorder did not leak to the next poller started.
    const polling = startPolling(() => Promise.resolve(), {
      pollMs: 1000,
      onError: () => undefined,
    });
    expect(check(monitor, 'worker:mail')).toMatchObject({ detail: 'not started' });
    void polling.stop();
  });
});
