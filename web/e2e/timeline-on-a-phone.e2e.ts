import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { signedInPage } from './support/flows';
import { sendContractByApi } from './support/send-by-api';
import { workerApp } from './support/worker';

/**
 * The contract's timeline on a 390 px phone: a client's email has no space to wrap at, and a long
 * one ran the timeline off the screen, so the whole page scrolled sideways.
 */
const running = workerApp();

describe("the contract's timeline on a phone", () => {
  it('wraps a long client email inside the screen', async () => {
    const page = await signedInPage(running, { company: 'Narrow Screen Landscaping' });
    const email = `jordan.alexander.rivera-montgomery.${Date.now()}@homeowners-association.example.com`;
    const id = await sendContractByApi(page, running.app().url, { name: 'Jordan Rivera', email });
    await page.goto(`/contracts/${id}`);
    const timeline = page.getByLabel('Contract timeline');
    const sentLine = timeline.getByText(email, { exact: false }).first();
    await sentLine.waitFor();
    const box = await sentLine.boundingBox();
    if (!box) throw new Error('the line with the email is not on the screen');
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // Nothing of the page runs off the side: neither the window nor the app's own scroller.
    const overflow = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('*')].some(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== 'visible' &&
          getComputedStyle(element).overflowX !== 'hidden',
      ),
    );
    expect(overflow).toBe(false);
    await sentLine.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/timeline-on-a-phone.png' });
  });
});
