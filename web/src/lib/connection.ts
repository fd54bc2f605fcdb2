import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether this phone can reach TradeSign (issue 40). The browser's own flag is not enough: in a
 * basement with one bar, and right after a reload with the network cut, it can say online while
 * nothing gets through. So a call that gets no answer at all marks the app offline, and it is
 * online again at the next answer: a call's, or a small probe's, tried 2 s later and then less
 * and less often. TanStack Query's flag is the one kept: offline, queries wait instead of failing
 * and the screens show what the phone last saw.
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

const FIRST_PROBE_MS = 2000;
const LAST_PROBE_MS = 60_000;
const PROBE_DEADLINE_MS = 5000;
let probe: ReturnType<typeof setTimeout> | undefined;
let probeAfterMs = FIRST_PROBE_MS;

/** A call got no answer (no network, or the deadline passed): offline until one comes. */
export function noAnswer(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  probeLater();
}

/** A call was answered: the phone reaches the server. */
export function answered(): void {
  probeAfterMs = FIRST_PROBE_MS;
  if (probe) clearTimeout(probe);
  probe = undefined;
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
}

function probeLater(): void {
  if (probe) return;
  probe = setTimeout(() => {
    probe = undefined;
    void reachable().then((ok) => {
      if (ok) return answered();
      probeAfterMs = Math.min(probeAfterMs * 2, LAST_PROBE_MS);
      if (!onlineManager.isOnline()) probeLater();
    });
  }, probeAfterMs);
}

/** The health check answers: no database work on the server, never kept by the service worker. */
async function reachable(): Promise<boolean> {
  try {
    const response = await fetch('/healthz', {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_DEADLINE_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
