import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, uniqueEmail } from './support/browser';
import { field, signUpThroughUi, waitForToast } from './support/flows';
import { sendContractByApi } from './support/send-by-api';
import { watchToasts } from './support/toasts';
import { workerApp } from './support/worker';

const running = workerApp();
const shots = process.env.TZ_SHOTS_DIR;

/** Screenshots for a person to look at, when asked for (TZ_SHOTS_DIR). */
async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

/**
 * A phone whose clock is in Chicago, as the Playwright context option sets it. Its own client
 * address (outside the range newPage() hands out) keeps per-address limits apart.
 */
async function chicagoPhone() {
  const base = running.app().url;
  const context = await running.browser().newContext({
    baseURL: base,
    viewport: PHONE,
    hasTouch: true,
    timezoneId: 'America/Chicago',
    extraHTTPHeaders: { 'x-forwarded-for': '198.19.31.7' },
    // As newPage() (support/browser.ts): the app's service worker stays out of this test.
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(20_000);
  await watchToasts(context);
  return { context, page: await context.newPage(), base };
}

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
});

describe("the company's time zone (issue 31)", () => {
  it("comes from the browser at onboarding, changes in Branding, and names the timeline's times", async () => {
    const { context, page, base } = await chicagoPhone();
    opened.push(context);
    const email = uniqueEmail('zone');
    await signUpThroughUi(page, { company: 'Prairie Fences', email, password: 'secret123' });

    // Onboarding shows the browser's zone, and saves it with the company details.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toMatch(/^America\/Chicago \(C[SD]T\)$/);
    await field(page, 'Phone').fill('(555) 201-3344');
    await shoot(page, 'onboarding-390');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    const saved = await page.request.get(`${base}/api/prefs`);
    expect(((await saved.json()) as { time_zone: string | null }).time_zone).toBe(
      'America/Chicago',
    );

    // Branding changes it, with the keyboard alone: type to search, arrow down, Enter.
    await page.goto('/settings/branding');
    await zone.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Denver');
    const option = page.getByRole('option', { name: /^America\/Denver \(M[SD]T\)$/ });
    await option.waitFor();
    await shoot(page, 'branding-select-open-390');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await zone.inputValue()).toMatch(/^America\/Denver \(M[SD]T\)$/);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Settings saved');
    await page.reload();
    expect(await zone.inputValue()).toMatch(/^America\/Denver/);

    // The contract's timeline is on the company's clock, named.
    const id = await sendContractByApi(page, base, {
      name: 'Dana Homeowner',
      email: uniqueEmail('dana'),
    });
    await page.goto(`/contracts/${id}`);
    const timeline = page.getByLabel('Contract timeline');
    await timeline.waitFor();
    await expect
      .poll(() => timeline.innerText())
      .toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) M[SD]T/);
    await timeline.scrollIntoViewIfNeeded();
    await shoot(page, 'timeline-390');
    if (shots) {
      await page.setViewportSize(DESKTOP);
      await page.goto('/settings/branding');
      await zone.click();
      await shoot(page, 'branding-select-open-1280');
    }
  });
});
