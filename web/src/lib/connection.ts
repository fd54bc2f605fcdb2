import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether this phone has a connection, as far as the browser knows (issue 40). TanStack Query's
 * own flag starts online whatever the truth, so it is set from the browser at start-up; after
 * that it follows the browser's `online` and `offline` events. A connection that is up but
 * carries nothing (a basement's one bar) is caught by each call's deadline, not here.
 */
export function followConnection(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** Re-renders when the connection comes or goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}
