import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from './when-settled';

/** A page still loading, whose load event the test fires; no requestIdleCallback (Safari). */
function loadingPage() {
  const listeners = new Set<() => void>();
  const page = {
    document: { readyState: 'loading' as DocumentReadyState },
    window: {
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    },
    load() {
      page.document.readyState = 'complete';
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
  };
  vi.stubGlobal('document', page.document);
  vi.stubGlobal('window', page.window);
  return page;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('work done ahead of need', () => {
  it('waits for the page to load, then for the delay', () => {
    const page = loadingPage();
    const work = vi.fn();
    whenSettled(work, 3000);
    vi.advanceTimersByTime(10_000);
    expect(work).not.toHaveBeenCalled();
    page.load();
    vi.advanceTimersByTime(2999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the delay on a page that has already loaded, and not at all once cancelled', () => {
    const page = loadingPage();
    page.load();
    const kept = vi.fn();
    const dropped = vi.fn();
    whenSettled(kept, 3000);
    const cancel = whenSettled(dropped, 3000);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });
});
