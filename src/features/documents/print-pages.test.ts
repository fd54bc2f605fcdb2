import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM_PATH, headlessChromiumLaunch } from '../../lib/chromium.js';
import { createPagePool, PRINTS_PER_PAGE } from './print-pages.js';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(headlessChromiumLaunch(DEBIAN_CHROMIUM_PATH));
});
afterAll(async () => {
  await browser.close();
});

describe('the pages kept between prints', () => {
  it('gives the next document the page that printed, and a new one after its renderer died', async () => {
    const pool = createPagePool();
    const first = await pool.take(browser);
    pool.keepOrClose(first);
    expect(await pool.take(browser)).toBe(first);

    // The renderer process dies between prints (a crash, the out-of-memory killer).
    const session = await first.context.newCDPSession(first.page);
    const crashed = new Promise((resolve) => first.page.once('crash', resolve));
    void session.send('Page.crash').catch(() => undefined);
    await crashed;
    pool.keepOrClose(first);

    const next = await pool.take(browser);
    expect(next).not.toBe(first);
    await next.page.setContent('<p>printable</p>');
    expect((await next.page.pdf()).subarray(0, 5).toString()).toBe('%PDF-');
    await next.context.close();
  }, 30_000);

  it(`renews a page after ${PRINTS_PER_PAGE} documents`, async () => {
    const pool = createPagePool();
    const page = await pool.take(browser);
    for (let printed = 1; printed < PRINTS_PER_PAGE; printed += 1) {
      pool.keepOrClose(page);
      expect(await pool.take(browser)).toBe(page);
    }
    pool.keepOrClose(page);
    const renewed = await pool.take(browser);
    expect(renewed).not.toBe(page);
    await renewed.context.close();
  }, 30_000);
});
