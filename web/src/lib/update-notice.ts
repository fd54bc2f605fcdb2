/**
 * Set when a new version of the app has been downloaded and waits for the next opening (the
 * service worker never skips waiting: web/src/lib/service-worker.ts).
 */
export const UPDATE_PENDING_KEY = 'tradesign:update-pending';

type FlagStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A new version was found; it takes over when the app is next opened. */
export function markUpdatePending(store: FlagStore): void {
  store.setItem(UPDATE_PENDING_KEY, '1');
}

/**
 * Whether the app says "TradeSign was updated" now: a new version was found earlier and no
 * worker is waiting any more, so the one running this page is the new one.
 */
export function updateNoticeDue(state: { updatePending: boolean; workerWaiting: boolean }) {
  return state.updatePending && !state.workerWaiting;
}

/**
 * At start-up: true once per new version. The flag is cleared when the notice is due, so the
 * next opening says nothing; while the new version still waits, it is kept.
 */
export function takeUpdateNotice(store: FlagStore, workerWaiting: boolean): boolean {
  const updatePending = store.getItem(UPDATE_PENDING_KEY) !== null;
  if (!updateNoticeDue({ updatePending, workerWaiting })) return false;
  store.removeItem(UPDATE_PENDING_KEY);
  return true;
}
