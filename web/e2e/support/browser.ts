import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; the flags keep it off the network this machine does not have. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
