import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../src/test/smtp-sink';
import { newPage, PHONE, startAppAndBrowserPerFile } from './support/browser';
import { signedInPage } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';

/**
 * Issue 20: on the signing page the contract flows in the page. Its frame is as tall as the
 * document, so the homeowner scrolls one page and reads to the end, on a phone held either way.
 */
let smtp: SmtpSink | undefined;
const running = startAppAndBrowserPerFile({
  serverEnv: async () => {
    smtp = await startSmtpSink();
    return { SMTP_URL: smtp.url, OLLAMA_HOST: 'http://127.0.0.1:9' };
  },
});
afterAll(async () => {
  await smtp?.stop();
});

/** The frame's box and its document's height, in CSS pixels. */
const frameFit = (page: Page) =>
  page.locator('iframe[title="Contract"]').evaluate((frame: HTMLIFrameElement) => ({
    box: frame.clientHeight,
    document: frame.contentDocument?.documentElement.scrollHeight ?? -1,
    innerScroll:
      (frame.contentDocument?.scrollingElement?.scrollHeight ?? 0) -
      (frame.contentDocument?.scrollingElement?.clientHeight ?? 0),
  }));

describe('the contract on the signing page', () => {
  it('takes its full height, so the page scrolls and the frame does not', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Tall Order Remodeling' });
    const client = { name: 'Avery Long', email: 'avery.long@example.com' };
    await sendContractByApi(contractor, base, client);
    const mail = await smtp!.waitFor((message) => message.to.includes(client.email), 15_000);

    const { page } = await newPage(running.browser(), base, PHONE);
    await page.goto(signingLinkIn(mail.text));
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
});
