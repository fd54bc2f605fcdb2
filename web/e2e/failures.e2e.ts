import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { drawSignature, signedInPage, waitForToast } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';
import { workerApp } from './support/worker';

/**
 * Failures a person can meet say what happened and what to do, keep what was typed, and a call
 * that hangs says it is still working, then gives up at its deadline (issue 31, item 8). The
 * server's failures are made with page.route; the deadline is passed by moving the page's clock
 * (page.clock), so nothing waits 20 s.
 */
const running = workerApp();
const SHOTS = '/tmp/shots/errors';
mkdirSync(SHOTS, { recursive: true });

const toastText = (page: Page) => page.locator('.mantine-Notification-root, [data-toast]').last();

describe('failures', () => {
  it('Save Draft answered with a bare 500 says what to do, and the notes survive a reload', async () => {
    const page = await signedInPage(running, { company: 'Failing Fences' });
    await page.goto('/wizard');
    await page.getByText('Step 1 of 5').waitFor();
    const note = page.getByPlaceholder('e.g., Install irrigation system');
    await note.fill('rebuild the cedar fence along the back line');
    await note.press('Enter');
    await page.getByText('rebuild the cedar fence along the back line').waitFor();

    // A proxy's answer, as the issue saw it: 500 with "Internal Server Error" and no sentence.
    await page.route('**/trpc/contracts.create**', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const text = await waitForToast(page, 'Could not save the draft');
    expect(text).toContain(
      'Something went wrong on our side; nothing was lost and your changes are still here. Try ' +
        'again in a minute.',
    );
    expect(text).not.toContain('500');
    await page.screenshot({ path: `${SHOTS}/save-draft-500.png` });

    await page.reload();
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByText('rebuild the cedar fence along the back line').waitFor();
  });

  it('Save Draft with no network keeps the draft on this phone and says so (issue 40)', async () => {
    const page = await signedInPage(running, { company: 'Offline Oaks' });
    await page.goto('/wizard');
    const note = page.getByPlaceholder('e.g., Install irrigation system');
    await note.fill('trim the oaks');
    await note.press('Enter');
    await page.route('**/trpc/contracts.create**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const text = await waitForToast(page, 'Saved on this phone');
    expect(text).toContain('No connection: it is sent to your account when the connection returns');
    await page.getByText('Saved on this phone. Not synced yet').waitFor();
    await page.getByText('trim the oaks').waitFor();
  });

  it('a hanging Send reminder says "Still working…" after a second, then gives up', async () => {
    const base = running.app().url;
    const page = await signedInPage(running, { company: 'Hanging Hedges' });
    const id = await sendContractByApi(page, base, {
      name: 'Harper Client',
      email: uniqueEmail('harper'),
    });
    await page.clock.install();
    // The server never answers the reminder.
    await page.route('**/trpc/followUp.remind**', () => undefined);
    await page.goto(`/contracts/${id}`);
    const remind = page.getByRole('button', { name: 'Send reminder' });
    await remind.click();
    const still = page.getByRole('status').filter({ hasText: 'Still working…' });
    await expect(still.isVisible()).resolves.toBe(false);
    await page.clock.runFor(1100);
    await still.waitFor();
    await page.screenshot({ path: `${SHOTS}/remind-still-working.png` });

    await page.clock.runFor(20_000);
    const text = await waitForToast(page, 'The reminder was not sent');
    expect(text).toContain('This is taking too long, so we stopped waiting.');
    // The line under the button stays after the toast goes.
    await page
      .getByRole('group', { name: 'Contract actions' })
      .getByRole('alert')
      .filter({ hasText: 'This is taking too long' })
      .waitFor();
    expect(await page.getByText('Still working…').count()).toBe(0);
    expect(await remind.isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/remind-deadline.png` });
  });

  it("the client's failed signature says what to do and keeps the signature and consent", async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Sturdy Sheds' });
    const client = { name: 'Sam Client', email: uniqueEmail('sam') };
    await sendContractByApi(contractor, base, client);
    const mail = await running
      .smtp()
      .waitFor(
        (sent) => sent.to.includes(client.email) && /sent you a contract/.test(sent.subject),
      );
    const { page } = await newPage(running.browser(), base, PHONE);
    await page.goto(signingLinkIn(mail.text));
    const consent = page.getByLabel('I agree to use electronic records and signatures');
    await consent.check();
    await drawSignature(page, /Sign below to accept/);
    const pad = page.getByRole('img', { name: 'Sign below to accept: signed' });
    await pad.waitFor();

    let answer: 'server' | 'network' = 'server';
    await page.route('**/api/esign/*', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (answer === 'network') return route.abort('internetdisconnected');
      return route.fulfill({
        status: 500,
        contentType: 'text/plain; charset=utf-8',
        body: 'Something went wrong on our side. Please try again.',
      });
    });
    const sign = page.getByRole('button', { name: 'Sign Contract' });
    await sign.click();
    let text = (await toastText(page).textContent()) ?? '';
    await expect
      .poll(async () => (text = (await toastText(page).textContent()) ?? ''))
      .toContain('Error signing contract');
    expect(text).toContain(
      'Please try again in a minute: something went wrong on our side, and nothing was recorded.',
    );
    expect(text).toContain('contact the person who sent you this contract');
    expect(await consent.isChecked()).toBe(true);
    await pad.waitFor();
    await page.screenshot({ path: `${SHOTS}/sign-500.png` });

    answer = 'network';
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await sign.click();
    await expect
      .poll(async () => (await toastText(page).textContent()) ?? '')
      .toContain('Please try again when you are back online: we could not reach the server.');
    expect(await consent.isChecked()).toBe(true);
    await pad.waitFor();
    await page.screenshot({ path: `${SHOTS}/sign-offline.png` });
  });
});
