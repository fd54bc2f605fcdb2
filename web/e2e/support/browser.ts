import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEBIAN_CHROMIUM_PATH, headlessChromiumLaunch } from '../../../src/lib/chromium';
import { watchToasts } from './toasts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(headlessChromiumLaunch(DEBIAN_CHROMIUM_PATH));
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Contexts opened by the test file running now. The browser outlives the file (one per worker,
 * web/e2e/support/worker.ts), so each file closes what it opened when it ends.
 */
const openContexts = new Set<BrowserContext>();
/**
 * Contexts opened by the test running now, closed when it ends: a page left open keeps its
 * renderer, its timers and the browser's compositor busy for the rest of the file, and the
 * browser tests are bound by the machine's two cores (docs/testing.md).
 */
const testContexts = new Set<BrowserContext>();
let testRunning = false;

export function testStarted(): void {
  testRunning = true;
}

/**
 * After each test: when it failed, its first error gains what each page it opened was showing
 * (the summary prints that line, so a red CI run says where the browser stood); then the contexts
 * the test opened are closed. Those of `beforeAll` stay for the file.
 */
export async function afterBrowserTest(context: {
  task: { result?: { state?: string; errors?: { message: string }[] } };
}): Promise<void> {
  const firstError = context.task.result?.errors?.[0];
  if (context.task.result?.state === 'fail' && firstError) {
    const shown = await whatPagesShow([...testContexts]);
    const [firstLine, ...rest] = firstError.message.split('\n');
    if (shown) firstError.message = [`${firstLine} [${shown}]`, ...rest].join('\n');
  }
  await closeTestContexts();
}

/* The one browser global whatPagesShow uses in the page, declared narrowly: scripts/release
 * compiles this file without the DOM library. */
declare const document: {
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
};

/** Each open page's address, headings and alerts, in one line. */
async function whatPagesShow(contexts: BrowserContext[]): Promise<string> {
  const pages = contexts.flatMap((context) => context.pages());
  const lines = await Promise.all(
    pages.map(async (page) => {
      const seen = await page
        .evaluate(() => {
          const texts = (selector: string) =>
            [...document.querySelectorAll(selector)]
              .map((element) => (element.textContent ?? '').trim().slice(0, 80))
              .filter((text) => text !== '');
          return { headings: texts('h1, h2'), alerts: texts('[role="alert"], [role="status"]') };
        })
        .catch(() => null);
      const where = new URL(page.url()).pathname;
      return seen
        ? `${where}: headings ${JSON.stringify(seen.headings)}, alerts ${JSON.stringify(seen.alerts)}`
        : `${where}: could not be read`;
    }),
  );
  return lines.join('; ');
}

/** Closes the contexts the test that just ended opened; those of `beforeAll` stay for the file. */
export async function closeTestContexts(): Promise<void> {
  testRunning = false;
  await Promise.all([...testContexts].map((context) => context.close().catch(() => undefined)));
  testContexts.clear();
}

/**
 * A page of a context of its own. Service workers are blocked unless a test allows them: the
 * app's worker would download the whole build into every context on a two-core machine, and
 * answer later navigations from its cache instead of the server whose answers a test checks
 * (docs/research/040-offline-drafting.md section 3). web/e2e/installable-app.e2e.ts allows them.
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = PHONE,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    hasTouch: viewport === PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  openContexts.add(context);
  if (testRunning) testContexts.add(context);
  context.once('close', () => {
    openContexts.delete(context);
    testContexts.delete(context);
  });
  // Each step waits for the state it means; 30 s is how long that may take on a loaded two-core
  // machine running at half its usual speed (run 43, docs/testing.md). A step that waits this
  // long has failed; a faster one is not hurried by it.
  context.setDefaultTimeout(30_000);
  await watchToasts(context);
  const page = await context.newPage();
  watchRequests(page);
  return { context, page };
}

/** Requests in flight per page, and when that number last changed. */
const requestsOf = new WeakMap<Page, { inFlight: number; changedAt: number }>();

function watchRequests(page: Page): void {
  const state = { inFlight: 0, changedAt: Date.now() };
  requestsOf.set(page, state);
  const change = (by: number) => {
    state.inFlight += by;
    state.changedAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
}

/**
 * Waits until the page has had no request in flight for `quietMs`: the data that would show an
 * element has arrived, so a check that the element is absent means something.
 */
export async function settled(page: Page, quietMs = 300, timeoutMs = 10_000): Promise<void> {
  const state = requestsOf.get(page);
  if (!state) throw new Error('settled() needs a page made by newPage()');
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight > 0 || Date.now() - state.changedAt < quietMs) {
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let clients = 0;
/**
 * Each browser context is its own client, as each phone is: the server believes the address a
 * proxy on loopback forwards (TRUSTED_PROXIES' default), so per-address limits such as sign-ups
 * an hour count each context apart, as they would count real contractors on one shared server.
 * Addresses come from 198.18.0.0/15, the range set aside for tests (RFC 2544), one block per
 * worker (each worker has a server of its own).
 */
function nextClientAddress(): string {
  clients += 1;
  return `198.18.${(clients >> 8) % 256}.${clients % 256}`;
}

/** Closes every context a test file opened and left open. */
export async function closeOpenContexts(): Promise<void> {
  await Promise.all([...openContexts].map((context) => context.close().catch(() => undefined)));
  openContexts.clear();
}

let counter = 0;
/** A unique address per test so accounts and inboxes never collide on a shared server. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label.toLowerCase()}.${process.pid}.${counter}@example.com`;
}
