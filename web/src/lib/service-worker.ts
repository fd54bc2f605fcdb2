import { registerSW } from 'virtual:pwa-register';
import { showToast } from './toast';
import { whenSettled } from './when-settled';
import { markUpdatePending, takeUpdateNotice } from './update-notice';

/**
 * The installable app's service worker (issue 40; docs/research/040-offline-drafting.md sections
 * 1 and 6). main.tsx imports this module after the first render, and it registers the worker only
 * once the page has loaded and settled (below), so the worker never competes with the first
 * screen. Only a production build has a worker, and only a secure origin has
 * `navigator.serviceWorker` (a plain-http install on a LAN has none: then this does nothing and
 * the app works online).
 *
 * A new version is never forced on an open page (no updateSW(true), which would skip waiting): it
 * takes over when the app is next opened, and says so once.
 */
function register(): void {
  registerSW({
    onNeedRefresh: () => markUpdatePending(localStorage),
    // Only skipping waiting would hand an open page to a new worker; were it to happen, the page
    // stays as it is rather than reloading under a contract being written.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (takeUpdateNotice(localStorage, Boolean(registration?.waiting))) {
        showToast({ title: 'TradeSign was updated', message: 'You are using the newest version.' });
      }
    },
    onRegisterError: (error: unknown) => console.warn('The service worker did not register', error),
  });
}

/**
 * The worker's first install downloads the whole app (every screen's code, about a megabyte).
 * Begun at `load`, it competed with the first screen's rendering and calls on a slow phone:
 * Lighthouse measured /login's blocking time go from 0.4 to 1 s, and the contracts list's from 0.6
 * to 3 s (docs/perf.md, 2026-11-28). So it waits until the first screen is done.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) whenSettled(register);
