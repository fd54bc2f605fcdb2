import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, startAppAndBrowserPerFile } from './support/browser';
import { drawSignature, field, signedInPage, toast } from './support/flows';

// No Ollama: cleanup uses the built-in rules, as on a fresh install.
const running = startAppAndBrowserPerFile({
  serverEnv: () => Promise.resolve({ OLLAMA_HOST: 'http://127.0.0.1:9' }),
});

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** A new contract, filled in up to the start of `step`. */
async function newContractAtStep(page: Page, step: 3 | 5) {
  await page.goto('/wizard');
  const notes = page.getByPlaceholder('e.g., Install irrigation system');
  await notes.fill('install drip irrigation in the front beds');
  await notes.press('Enter');
  await page.getByRole('button', { name: 'Clean Up Scope with AI' }).click();
  await page.getByText('AI-Formatted Scope').waitFor();
  await next(page);
  await field(page, 'Client Name').fill('Jordan Rivera');
  await field(page, 'Email Address').fill('jordan@example.com');
  await next(page);
  await page.getByLabel('Total Contract Price').fill('4200');
  if (step === 3) return;
  await next(page);
  await next(page);
  await page.getByText('Step 5 of 5').waitFor();
}

describe('a contractor’s first contract, on a 390 px phone', () => {
  it('stays on its step when a new contract is first saved', async () => {
    const page = await signedInPage(running, { company: 'Stay Landscaping', viewport: PHONE });
    await newContractAtStep(page, 3);
    await page.getByText('Step 3 of 5').waitFor();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Draft saved');
    await page.waitForURL(/\/wizard\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');
    await page.getByText(`Contract #${id} · Step 3 of 5`).waitFor();
    expect(await page.getByLabel('Total Contract Price').inputValue()).toBe('4200');
  });

  it('shows Sending..., and a failed send leaves the contractor on step 5 with the signature', async () => {
    const page = await signedInPage(running, { company: 'Fail Landscaping', viewport: PHONE });
    await newContractAtStep(page, 5);
    await drawSignature(page);
    // A slow network, so the pending state can be seen.
    await page.route('**/trpc/contracts.send**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
    await page.getByRole('button', { name: 'Sending...' }).waitFor();
    // Without the legal acknowledgment the server refuses to send.
    await expect.poll(() => toast(page).textContent()).toContain('legal acknowledgment');
    await page.waitForURL(/\/wizard\?id=\d+/);
    await page.getByText(/Step 5 of 5/).waitFor();
    await page.getByRole('img', { name: /Your Signature: signed/ }).waitFor();
    await page.getByRole('button', { name: 'Sign & Send to Client' }).waitFor();
  });
});
