import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithDeadline, trpcDeadlineMs } from './deadline';
import { DeadlineError } from './failure';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that never answers: the request ends only when it is aborted. */
function hangingFetch() {
  const seen: AbortSignal[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const signal = init.signal as AbortSignal;
    seen.push(signal);
    return new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
  });
  return seen;
}

describe('a call with a deadline', () => {
  it('fails with DeadlineError once the deadline passes, and aborts the request', async () => {
    vi.useFakeTimers();
    const seen = hangingFetch();
    const call = fetchWithDeadline('/trpc/followUp.remind', { method: 'POST' }, 20_000);
    const outcome = expect(call).rejects.toBeInstanceOf(DeadlineError);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(seen[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(seen[0]?.aborted).toBe(true);
  });

  it('passes an answer through whole', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"ok":1}', { status: 201 })));
    const response = await fetchWithDeadline('/x', undefined, 1000);
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('{"ok":1}');
  });
});

describe("a tRPC request's deadline", () => {
  it('is 20 s for saves, and the longest of a batch', () => {
    expect(trpcDeadlineMs('/trpc/contracts.update?batch=1')).toBe(20_000);
    expect(trpcDeadlineMs('/trpc/contracts.get,contracts.send?batch=1')).toBe(45_000);
    expect(trpcDeadlineMs('/trpc/scope.clean?batch=1')).toBe(60_000);
  });
});
