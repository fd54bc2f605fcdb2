import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newPage } from './support/browser';
import { workerApp } from './support/worker';

/**
 * The API reference at /api/docs (issue 19): it renders the generated document in a real
 * browser, from this install's own files only, so it works offline and behind a firewall.
 */
const running = workerApp();

describe('the API reference page', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows every call group from this origin only (${name})`, async () => {
      const base = running.app().url;
      const { context, page } = await newPage(running.browser(), base, viewport);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(base).origin) elsewhere.push(request.url());
      });
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text()))
          blocked.push(message.text());
      });
      await page.goto('/api/docs');
      await page.getByRole('heading', { name: /TradeSign API/ }).waitFor();
      for (const group of ['Contracts', 'API keys', 'Webhooks', 'Signing (public)']) {
        await page.locator(`[data-tag="${group}"]`).first().waitFor();
      }
      await page.getByText('/api/contracts/{id}/send').first().waitFor();
      await page.screenshot({ path: `/tmp/api-docs-${name}.png`, fullPage: false });
      expect(elsewhere).toEqual([]);
      expect(blocked).toEqual([]);
      await context.close();
    });
  }

  it('is laid out at the width of a real phone, not shrunk from a desktop page (issue 31)', async () => {
    // isMobile: Chromium then honours the page's viewport tag as a phone does; without one it
    // lays the page out 980 px wide and shrinks it to fit 390 px.
    const context = await running.browser().newContext({
      baseURL: running.app().url,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /TradeSign API/ }).waitFor();
    await page.getByText('/api/contracts/{id}/send').first().click();
    await page.getByRole('button', { name: 'Try it out' }).first().waitFor();
    const layout = await page.evaluate(() => ({
      width: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    // Laid out at 390 px, and nothing wider than the screen to scroll sideways to.
    expect(layout).toEqual({ width: PHONE.width, scrollWidth: PHONE.width });
    await page.screenshot({ path: '/tmp/api-docs-real-phone.png' });
    await context.close();
  });
});
