import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { signedInPage } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';

/**
 * Issue 20: on the signing page the contract flows in the page. Its frame is as tall as the
 * document, so the homeowner scrolls one page and reads to the end, on a phone held either way.
 */
const running = workerApp();

/** The frame's box and its document's height, in CSS pixels. */
const frameFit = (page: Page) =>
  page.locator('iframe[title="Contract"]').evaluate((frame: HTMLIFrameElement) => ({
    box: frame.clientHeight,
    document: frame.contentDocument?.documentElement.scrollHeight ?? -1,
    innerScroll:
      (frame.contentDocument?.scrollingElement?.scrollHeight ?? 0) -
      (frame.contentDocument?.scrollingElement?.clientHeight ?? 0),
  }));

/** A contract sent to this client by a new contractor; the link from the client's mail. */
async function linkSentTo(company: string, client: { name: string; email: string }) {
  const contractor = await signedInPage(running, { company });
  await sendContractByApi(contractor, running.app().url, client);
  const mail = await running.smtp().waitFor((message) => message.to.includes(client.email), 15_000);
  return signingLinkIn(mail.text);
}

describe('the contract on the signing page', () => {
  it('takes its full height, so the page scrolls and the frame does not', async () => {
    const link = await linkSentTo('Tall Order Remodeling', {
      name: 'Avery Long',
      email: uniqueEmail('avery.long'),
    });
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto(link);
    await page.frameLocator('iframe[title="Contract"]').getByText('Avery Long').first().waitFor();
    await expect
      .poll(async () => (await frameFit(page)).box, { timeout: 10_000 })
      .toBeGreaterThan(PHONE.height);
    const upright = await frameFit(page);
    expect(upright.innerScroll).toBeLessThanOrEqual(0);
    expect(upright.box).toBeGreaterThanOrEqual(upright.document);
    // The end of the contract, then the consent: one page scrolled, no box to scroll inside.
    await page
      .getByRole('heading', { name: 'Electronic records and signatures' })
      .scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, -300);
    await page.screenshot({ path: '/tmp/contract-flows-upright.png' });

    // Turned sideways: wider lines, a shorter document, and still no box inside the page.
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
    await expect.poll(async () => (await frameFit(page)).box).toBeLessThan(upright.box);
    const sideways = await frameFit(page);
    expect(sideways.innerScroll).toBeLessThanOrEqual(0);
    expect(sideways.box).toBeGreaterThanOrEqual(sideways.document);

    // The signature pad and the button follow the contract on the same page.
    await page.getByRole('button', { name: 'Sign Contract' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Sign Contract' }).waitFor();
  });

  it('can be read whole with JavaScript off, and says signing needs it', async () => {
    const base = running.app().url;
    const link = await linkSentTo('Scriptless Stoneworks', {
      name: 'Noel Plain',
      email: uniqueEmail('noel.plain'),
    });

    const context = await running.browser().newContext({
      baseURL: base,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Secure Contract Signature' }).waitFor();
    // Playwright's text search passes over <noscript>; the page's own text is read instead.
    const shown = (await page.locator('main').textContent()) ?? '';
    expect(shown).toContain('Scriptless Stoneworks · Contract #');
    expect(shown).toContain('Prepared for Noel Plain');
    expect(shown).toContain('Total: $5,000.00');
    expect(shown).toContain('Signing needs JavaScript.');
    // Said once: the app's generic line gives way to the page's own.
    expect(await page.content()).not.toContain('TradeSign needs JavaScript to run.');
    const contract = page.getByRole('document', { name: 'Contract' });
    await contract.getByText('Noel Plain').first().waitFor();
    // The whole document is there, to its last section.
    await contract.getByText('By signing below, each party agrees to the terms').waitFor();
    // The whole ESIGN notice is on the page, not folded away (issue 32).
    expect(shown).toContain('There is no fee for withdrawing your consent.');
    await page.screenshot({ path: '/tmp/signing-no-script.png', fullPage: true });
    expect(requests.every((url) => url.startsWith(base))).toBe(true);
    await context.close();
  });
});
