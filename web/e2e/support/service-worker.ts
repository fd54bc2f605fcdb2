import type { Page } from 'playwright-core';

/**
 * Helpers for the installable app's browser tests (issue 40). Their contexts allow service
 * workers: `newPage(browser, base, PHONE, { serviceWorkers: 'allow' })` (support/browser.ts).
 */

/**
 * Waits until the app's service worker is active and answers this page. The worker never claims
 * a page that opened without it (no clientsClaim: vite.config.ts), so the page is loaded again
 * once it is ready, as a contractor's next opening would be.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.reload();
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
  }
  throw new Error('the service worker is active but does not control the page');
}

export interface InstallabilityError {
  errorId: string;
  errorArguments: { name: string; value: string }[];
}

/**
 * Why Chrome would not offer to install the page, as its own check says (CDP
 * Page.getInstallabilityErrors). A test's context is off the record, which Chrome always reports
 * as `in-incognito` while it still runs every other check, so that one is left out
 * (docs/research/040-offline-drafting.md section 2).
 */
export async function installabilityErrors(page: Page): Promise<InstallabilityError[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
    return errors.filter((error) => error.errorId !== 'in-incognito');
  } finally {
    await cdp.detach();
  }
}

export interface AppManifest {
  /** Where the page's manifest is; empty when it has none. */
  url: string;
  /** Chrome's complaints about the manifest. */
  errors: { message: string }[];
  /** The manifest as Chrome understood it, addresses made absolute. */
  manifest: {
    id?: string;
    name?: string;
    shortName?: string;
    startUrl?: string;
    scope?: string;
    display?: string;
    themeColor?: string;
    backgroundColor?: string;
    icons?: { url: string; sizes?: string; type?: string }[];
  };
  /** The manifest as the server sent it (Chrome's reading above leaves out an icon's purpose). */
  sent: Record<string, unknown>;
}

/** The page's web app manifest as Chrome read it (CDP Page.getAppManifest). */
export async function appManifest(page: Page): Promise<AppManifest> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { url, errors, manifest, data } = await cdp.send('Page.getAppManifest', {});
    // Chrome names display modes as its own constants (kStandalone); the manifest's words are
    // what a test compares.
    const display = manifest.display?.replace(/^k/, '').toLowerCase();
    return {
      url,
      errors,
      manifest: { ...manifest, ...(display ? { display } : {}) },
      sent: data ? (JSON.parse(data) as Record<string, unknown>) : {},
    };
  } finally {
    await cdp.detach();
  }
}

/** Every address the page's origin holds in Cache Storage, in any cache. */
export function cacheStorageUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}
