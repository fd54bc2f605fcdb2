import type { Page } from 'playwright-core';
import type { Contract } from '../../src/domain/contracts.schemas';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, field, signedInPage, signUpByApi, waitForToast } from './support/flows';
import { scopeCleanedUp } from './support/toast-at-rest';

const running = workerApp();

const signedIn = (label: string, viewport = PHONE) =>
  signedInPage(running, { company: `${label} Landscaping`, viewport });

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const heading = (page: Page, title: string) =>
  page.getByRole('heading', { name: title, exact: true }).waitFor();

async function addNote(page: Page, text: string) {
  await page.getByPlaceholder('e.g., Install irrigation system').fill(text);
  await page.getByPlaceholder('e.g., Install irrigation system').press('Enter');
}

async function stepThroughScopeAndClient(page: Page) {
  await page.goto('/wizard');
  await page.getByText('Step 1 of 5').waitFor();
  await heading(page, 'Scope');
  await page.getByText('Record project details').waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  await page.getByText('Clean up the scope before continuing').waitFor();
  await addNote(page, 'install drip irrigation in the front beds');
  await addNote(page, 'replace 2 zone valves');
  await page.getByRole('button', { name: 'Clean Up Scope with AI' }).click();
  await scopeCleanedUp(page);
  await next(page).click();

  await page.getByText('Step 2 of 5').waitFor();
  await heading(page, 'Client');
  await page.getByText('Client information').waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  await field(page, 'Client Name').fill('J');
  await field(page, 'Email Address').fill('jordan@');
  await field(page, 'Phone Number').click();
  await page.getByText('Name must be at least 2 characters').waitFor();
  await page.getByText('Invalid email address').waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  await field(page, 'Client Name').fill('Jordan Rivera');
  await field(page, 'Email Address').fill('jordan@example.com');
  await field(page, 'Project Address').fill('42 Maple Street, Springfield');
  await next(page).click();
}

/** A draft with its scope cleaned, a client and a price, made through the API: step 1 can go on. */
async function windowsDraft(page: Page): Promise<number> {
  const base = running.app().url;
  const draft = await page.request.post(`${base}/api/contracts`, {
    data: {
      client_name: 'Jordan Rivera',
      client_email: 'jordan@example.com',
      scope_clean: { paragraph: 'Replace six windows.', bullets: [] },
      total_price_cents: 500_000,
    },
    headers: { origin: base },
  });
  return ((await draft.json()) as { id: number }).id;
}

async function fillPayment(page: Page) {
  await page.getByText('Step 3 of 5').waitFor();
  await heading(page, 'Payment');
  await page.getByText('Price & schedule').waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  await page.getByText('Enter the total contract price').waitFor();
  await page.getByLabel('Total Contract Price').fill('$5,000.5x5');
  expect(await page.getByLabel('Total Contract Price').inputValue()).toBe('5000.55');
  await page.getByLabel('Total Contract Price').fill('5000');
  expect(await page.getByTestId('stage-1-amount').textContent()).toBe('$1,650.00');
  expect(await page.getByTestId('stage-3-amount').textContent()).toBe('$1,700.00');
  expect(await page.getByLabel('Stage 3 trigger').inputValue()).toBe('Substantial completion');
  await page.getByText('Total: 100% - Valid split').waitFor();
  // Equal split: percentages are fixed.
  expect(await page.getByLabel('Stage 1 percent').isDisabled()).toBe(true);
}

describe('the contract wizard on a 390 px phone', () => {
  it('runs from notes to the signature, with gating, custom split errors and the preview', async () => {
    const page = await signedIn('wizard');
    await stepThroughScopeAndClient(page);
    await fillPayment(page);

    await page.getByText('Custom Split').click();
    await page.getByLabel('Stage 3 percent').fill('30');
    await page.getByText('Total: 96% - Must equal 100%').waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Stage percentages must add up to exactly 100%').waitFor();
    await page.getByRole('button', { name: 'Add Stage' }).click();
    await page.getByLabel('Stage 4 percent').fill('4');
    await page.getByLabel('Stage 4 trigger').fill('Final walkthrough');
    await page.getByText('Total: 100% - Valid split').waitFor();
    // Amounts always add up to the total: 1650 + 1650 + 1500 + 200.
    expect(await page.getByTestId('stage-4-amount').textContent()).toBe('$200.00');
    await page.getByRole('button', { name: 'Remove stage 4' }).click();
    await page.getByText('Total: 96% - Must equal 100%').waitFor();
    await page.getByText('Equal Split').click();
    await page.getByText('Total: 100% - Valid split').waitFor();
    expect(await page.getByLabel('Stage 3 percent').inputValue()).toBe('34%');
    await next(page).click();

    await page.getByText('Step 4 of 5').waitFor();
    await heading(page, 'Preview');
    await page.getByText('Review contract').waitFor();
    const preview = page.frameLocator('iframe[title="Contract preview"]');
    await preview.getByText('Jordan Rivera').first().waitFor();
    await preview.getByText('$5,000.00').first().waitFor();
    await preview.getByText('wizard Landscaping').first().waitFor();
    expect(await page.locator('iframe[title="Contract preview"]').getAttribute('sandbox')).toBe(
      'allow-same-origin',
    );
    await next(page).click();

    await page.getByText('Step 5 of 5').waitFor();
    await heading(page, 'Sign & Send');
    await page.getByText('Finalize & send').waitFor();
    await page.getByText('Your Signature').waitFor();
    await page.getByText('Sign here').waitFor();
    await page.getByText('secure link').waitFor();
    await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
    await waitForToast(page, 'Please sign the contract');

    await drawSignature(page);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('img', { name: 'Your Signature: empty' }).waitFor();
    await drawSignature(page);
    await page.getByRole('img', { name: 'Your Signature: signed' }).waitFor();
    await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
    // This account has not accepted the legal acknowledgment, so sending stops with the reason
    // (the whole sending journey is in signing-journey.e2e.ts); nothing is lost.
    const shownToast = await waitForToast(page, 'Could not send the contract');
    expect(shownToast).toContain('legal acknowledgment');
    expect(new URL(page.url()).pathname).toBe('/wizard');

    // Saved and signed on the server, ready to send once the acknowledgment is accepted.
    const list = await page.request.get(`${running.app().url}/api/contracts`);
    const [card] = (await list.json()) as { id: number }[];
    const answer = await page.request.get(`${running.app().url}/api/contracts/${card?.id}`);
    const contract = (await answer.json()) as Contract;
    expect(contract).toMatchObject({
      client_name: 'Jordan Rivera',
      total_price_cents: 500_000,
      client_email: 'jordan@example.com',
    });
    expect(contract.my_signature_png).toMatch(/^data:image\/png;base64,/);
    expect(contract.my_signed_at).not.toBeNull();
  });

  it('saves a draft from step 1, lists it, and continues it from the list', async () => {
    const page = await signedIn('draft');
    await page.goto('/wizard');
    await addNote(page, 'build a 12 x 14 cedar deck');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await waitForToast(page, 'Draft saved');
    await page.waitForURL(/\/wizard\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    const card = page.getByRole('link', { name: new RegExp(`Contract #${id}, draft`) });
    await card.getByText(`Contract #${id}`).waitFor();
    await card.getByText('Draft', { exact: true }).waitFor();
    await card.getByText('Continue').click();
    await page.waitForURL(`**/wizard?id=${id}`);
    await page.getByText('build a 12 x 14 cedar deck').waitFor();
  });

  it('keeps typed work across a reload and asks before leaving with unsaved changes', async () => {
    const page = await signedIn('keep');
    await page.goto('/wizard');
    await addNote(page, 'paint the fence');
    await page.reload();
    await page.getByText('paint the fence').waitFor();

    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Templates' })
      .click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain('unsaved changes');
    expect(new URL(page.url()).pathname).toBe('/wizard');

    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Templates' })
      .click();
    await page.waitForURL('**/templates');
    // Still kept in this browser: coming back restores it.
    await page.goto('/wizard');
    await page.getByText('paint the fence').waitFor();

    // A damaged or outdated saved draft is ignored instead of breaking the wizard.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('tradesign:wizard:'))
          localStorage.setItem(key, '{"stages":"oops","step":9}');
      }
    });
    await page.reload();
    await page.getByRole('button', { name: 'Tap to start recording' }).waitFor();
    await page.getByText('Step 1 of 5').waitFor();
  });

  it('marks a home sale, whose preview ends with the Notice of Cancellation', async () => {
    const page = await signedIn('door');
    const base = running.app().url;
    const id = await windowsDraft(page);
    await page.goto(`/wizard?id=${id}`);
    await next(page).click();
    const homeSale = page.getByRole('switch', {
      name: "Sold at the client's home or away from my place of business",
    });
    await homeSale.focus();
    await page.keyboard.press('Space');
    expect(await homeSale.isChecked()).toBe(true);
    // Without a business address, the notice could not say where to send it.
    await page.getByText('The notice of cancellation needs your business address').waitFor();
    await next(page).click();
    await next(page).click();
    const preview = page.frameLocator('iframe[title="Contract preview"]');
    await preview.getByText('You, the buyer, may cancel this transaction').waitFor();
    expect(await preview.getByText('NOTICE OF CANCELLATION', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await waitForToast(page, 'Draft saved');
    const saved = await page.request.get(`${base}/api/contracts/${id}`);
    expect(((await saved.json()) as Contract).home_sale).toBe(true);
  });

  it("keeps the wizard when the preview's code does not arrive, and shows it on Try again", async () => {
    const page = await signedIn('unloaded');
    const id = await windowsDraft(page);
    // Offline without the service worker's copy, or after an update removed the old file.
    let connected = false;
    await page.route(/\/assets\/preview-step-[^/]+\.js$/, (route) =>
      connected ? route.continue() : route.abort('internetdisconnected'),
    );
    await page.goto(`/wizard?id=${id}`);
    await page.getByText('Step 1 of 5').waitFor();
    for (let step = 1; step < 4; step += 1) await next(page).click();
    await page.getByText('Step 4 of 5').waitFor();
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'Could not load the preview. Check your connection, then try again: your changes are still here.',
      })
      .waitFor();
    // Only the preview failed: the wizard and its buttons are still there.
    await page.getByRole('button', { name: 'Save Draft' }).waitFor();
    if (process.env.WIZARD_SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.WIZARD_SHOTS_DIR}/preview-not-loaded.png` });
    }

    connected = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    const preview = page.frameLocator('iframe[title="Contract preview"]');
    await preview.getByText('Replace six windows.').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Step 2 of 5').waitFor();
    expect(await field(page, 'Client Name').inputValue()).toBe('Jordan Rivera');
  });

  it('shows 3 skeleton cards while the list loads on a phone that has not seen it', async () => {
    // Signed in, but this phone never opened the list: nothing kept to show at once (issue 40).
    const base = running.app().url;
    const { page, context } = await newPage(running.browser(), base, PHONE);
    await signUpByApi(context.request, base, { company: 'skeleton Landscaping' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The counts may travel in one batch with other calls (the acknowledgment reminder's).
    await page.route(
      (url) => url.pathname.includes('contracts.counts'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/');
    // The app boots and asks who is signed in before the list asks for its counts: on a loaded
    // machine that takes longer than expect.poll's one second, so wait for the placeholders first.
    await page.getByLabel('Loading contracts').waitFor();
    expect(await page.getByTestId('contract-skeleton').count()).toBe(3);
    release();
    await page.getByText('No contracts yet').waitFor();
    expect(await page.getByTestId('contract-skeleton').count()).toBe(0);
  });
});

describe('the contract wizard on a desktop screen', () => {
  it('runs to the signature step', async () => {
    const page = await signedIn('desk', DESKTOP);
    await stepThroughScopeAndClient(page);
    await fillPayment(page);
    await next(page).click();
    await page
      .frameLocator('iframe[title="Contract preview"]')
      .getByText('Jordan Rivera')
      .first()
      .waitFor();
    await next(page).click();
    await drawSignature(page);
    await page.getByRole('img', { name: 'Your Signature: signed' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Step 4 of 5').waitFor();
  });
});
