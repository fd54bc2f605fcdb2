import type { BrowserContext, Page } from 'playwright-core';

/** The toast on screen (at most one): the app's (Mantine) or the signing page's own. */
export const TOAST_SELECTOR = '.mantine-Notification-root, [data-toast]';
export const toast = (page: Page) => page.locator(TOAST_SELECTOR);

/** What the page keeps of its toasts: each text as it appeared, and how far the test has read. */
interface ToastLog {
  shown: string[];
  readUpTo: number;
}

/*
 * The browser globals the functions below use once in the page. Declared here, narrowly, because
 * this file is also compiled without the DOM library: scripts/release imports the browser support.
 */
interface PageElement {
  textContent: string | null;
}
declare const window: { __toastLog?: ToastLog };
declare const document: {
  querySelectorAll(selector: string): Iterable<PageElement> & ArrayLike<PageElement>;
};
declare class MutationObserver {
  constructor(callback: () => void);
  observe(
    target: unknown,
    options: { childList: boolean; subtree: boolean; characterData: boolean },
  ): void;
}

/** Every page of this context keeps a log of its toasts (recordToasts), for waitForToast. */
export async function watchToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordToasts, TOAST_SELECTOR);
}

/**
 * Runs in every page before the app (watchToasts; newPage does it for each context): writes down every toast's
 * words as it appears. A toast is on screen for 5 s; a test that looks for it by polling the
 * screen can miss all five on a machine loaded enough to stall the browser or the test for that
 * long (stop 50's CI run lost a "Welcome back!" and a "Contract sent!" that way, or failed to show
 * them: the log tells which).
 */
function recordToasts(selector: string): void {
  const log: ToastLog = { shown: [], readUpTo: 0 };
  window.__toastLog = log;
  const lastText = new WeakMap<PageElement, string>();
  const look = () => {
    for (const shown of document.querySelectorAll(selector)) {
      const text = shown.textContent ?? '';
      if (text === '' || lastText.get(shown) === text) continue;
      lastText.set(shown, text);
      log.shown.push(text);
    }
  };
  new MutationObserver(look).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/** Marks the toasts shown so far as read, so that waitForToast looks only at toasts that come later. */
export async function markToastsSeen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log = window.__toastLog;
    if (log) log.readUpTo = log.shown.length;
  });
}

/**
 * Waits until a toast with this text (case and all) has appeared since the last one this test
 * read on the page, and returns its words. Each toast is read once: waiting twice for the same
 * words waits for a second toast. One that came and went while the test was busy counts, as a
 * person would have seen it.
 */
export async function waitForToast(page: Page, text: string | RegExp): Promise<string> {
  const words =
    typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text;
  try {
    const found = await page.waitForFunction(
      ({ source, flags }) => {
        const log = window.__toastLog;
        if (!log) return false;
        const pattern = new RegExp(source, flags);
        for (let index = log.readUpTo; index < log.shown.length; index += 1) {
          const shown = log.shown[index] ?? '';
          if (pattern.test(shown)) {
            log.readUpTo = index + 1;
            return shown;
          }
        }
        return false;
      },
      { source: words.source, flags: words.flags },
      { polling: 100 },
    );
    return (await found.jsonValue()) as string;
  } catch (error) {
    throw new Error(`No toast saying ${String(words)}. ${await whatThePageShows(page)}`, {
      cause: error,
    });
  }
}

/** For a failed wait: the toasts the page did show, where it is, and the errors on screen. */
async function whatThePageShows(page: Page): Promise<string> {
  try {
    const seen = await page.evaluate(() => ({
      toasts: window.__toastLog?.shown ?? [],
      errors: [...document.querySelectorAll('[role="alert"], .mantine-InputWrapper-error')].map(
        (shown) => shown.textContent ?? '',
      ),
    }));
    return (
      `Toasts shown on the page: ${JSON.stringify(seen.toasts)}; ` +
      `errors on screen: ${JSON.stringify(seen.errors)}; at ${page.url()}`
    );
  } catch {
    return `The page could not be read (at ${page.url()}).`;
  }
}
