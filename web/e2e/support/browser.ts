import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEBIAN_CHROMIUM_PATH, headlessChromiumLaunch } from '../../../src/lib/chromium';
import { startApp, type RunningApp } from './app-server';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(headlessChromiumLaunch(DEBIAN_CHROMIUM_PATH));
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, hasTouch: viewport === PHONE });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
/** A unique address per test so accounts never collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

/**
 * A server and a browser for one test file, started before its tests and stopped after.
 * `serverEnv` runs first and may start helpers (a fake Ollama) whose addresses the server needs.
 */
export function startAppAndBrowserPerFile(
  options: { serverEnv?: () => Promise<Record<string, string>> } = {},
): { app: () => RunningApp; browser: () => Browser } {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp((await options.serverEnv?.()) ?? {});
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return {
    app: () => app ?? raise('the app did not start'),
    browser: () => browser ?? raise('the browser did not start'),
  };
}

function raise(message: string): never {
  throw new Error(message);
}
