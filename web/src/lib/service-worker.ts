import { registerSW } from 'virtual:pwa-register';
import { showToast } from './toast';
import { markUpdatePending, takeUpdateNotice } from './update-notice';

/**
 * The installable app's service worker (issue 40; docs/research/040-offline-drafting.md sections
 * 1 and 6). main.tsx imports this module after the first render, and it registers the worker only
 * after the page has loaded, so workbox-window never competes with the first screen. Only a
 * production build has a worker, and only a secure origin has `navigator.serviceWorker` (a
 * plain-http install on a LAN has none: then this does nothing and the app works online).
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

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
