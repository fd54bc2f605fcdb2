import { describe, expect, it } from 'vitest';
import { markUpdatePending, takeUpdateNotice, updateNoticeDue } from './update-notice';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the "TradeSign was updated" notice', () => {
  it('is due only after a new version was found and no worker waits any more', () => {
    expect(updateNoticeDue({ updatePending: true, workerWaiting: false })).toBe(true);
    expect(updateNoticeDue({ updatePending: true, workerWaiting: true })).toBe(false);
    expect(updateNoticeDue({ updatePending: false, workerWaiting: false })).toBe(false);
    expect(updateNoticeDue({ updatePending: false, workerWaiting: true })).toBe(false);
  });

  it('says nothing on a first visit or an ordinary opening', () => {
    expect(takeUpdateNotice(memoryStore(), false)).toBe(false);
  });

  it('waits while the new version is still waiting, then shows once', () => {
    const store = memoryStore();
    markUpdatePending(store);
    // Another tab still holds the old version: the new one waits.
    expect(takeUpdateNotice(store, true)).toBe(false);
    // The next opening runs the new version.
    expect(takeUpdateNotice(store, false)).toBe(true);
    // And the one after that says nothing again.
    expect(takeUpdateNotice(store, false)).toBe(false);
  });
});
