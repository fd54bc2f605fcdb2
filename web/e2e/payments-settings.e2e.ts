import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../src/domain/contracts.schemas';
import { settled } from './support/browser';
import { field, signedInAccount, waitForToast } from './support/flows';
import { scopeCleanedUp } from './support/toast-at-rest';
import { workerApp } from './support/worker';

const running = workerApp();
/** Set PAYMENTS_SHOTS_DIR to a folder to keep a screenshot of each step (for a person to look at). */
const shots = process.env.PAYMENTS_SHOTS_DIR;

/** A Stripe test key of this test's own: the worker's stand-in serves every test's accounts. */
const ownKey = () => `sk_test_51${randomBytes(12).toString('hex')}Ab12`;
const SIGNING_SECRET = 'whsec_PaymentsE2eSigningSecret0000Zz';

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Connects the signed-in company's Stripe through the API, as a script would. */
async function connectByApi(page: Page, secretKey: string) {
  const base = running.app().url;
  const answer = await page.request.put(`${base}/api/payments/settings`, {
    data: { stripe_secret_key: secretKey, stripe_webhook_secret: SIGNING_SECRET },
    headers: { origin: base },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A new contract in the wizard, through the scope and the client, to step 3 at $5,000. */
async function wizardToPayment(page: Page) {
  await page.goto('/wizard');
  await page.getByText('Step 1 of 5').waitFor();
  const note = page.getByPlaceholder('e.g., Install irrigation system');
  await note.fill('install drip irrigation in the front beds');
  await note.press('Enter');
  await page.getByRole('button', { name: 'Clean Up Scope with AI' }).click();
  await scopeCleanedUp(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 5').waitFor();
  await field(page, 'Client Name').fill('Jordan Rivera');
  await field(page, 'Email Address').fill('jordan@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 3 of 5').waitFor();
  await page.getByLabel('Total Contract Price').fill('5000');
  expect(await page.getByTestId('stage-1-amount').textContent()).toBe('$1,650.00');
}

const collectSwitch = (page: Page) => page.getByLabel('Collect online when the client signs');

describe('Settings → Payments on a 390 px phone', () => {
  it('connects Stripe, shows the saved keys masked, and tests the connection', async () => {
    const { page } = await signedInAccount(running, { company: 'Greenleaf Landscaping' });
    const base = running.app().url;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const key = ownKey();
    running.stripe().addAccount({ secretKey: key, name: 'Greenleaf Landscaping LLC' });

    await page.goto('/settings');
    await page.getByRole('list', { name: 'Settings sections' }).getByText('Payments').click();
    await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/payments');
    const status = page.getByRole('status', { name: 'Stripe connection' });
    await status.getByText('Not connected').waitFor();
    const url = (await page.getByLabel('Webhook URL').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${base}/api/payments/stripe/[A-Za-z0-9_-]{22}$`));
    for (const event of [
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'charge.refunded',
    ]) {
      await page.getByRole('list', { name: 'Events to pick in Stripe' }).getByText(event).waitFor();
    }
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The key people paste by mistake is refused under its field, and nothing typed is lost.
    await field(page, 'Secret key').fill('pk_test_51Publishable0000');
    await field(page, 'Webhook signing secret').fill(SIGNING_SECRET);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(
        'That is a publishable key (pk_…). Paste the secret key (sk_…) or a restricted key (rk_…).',
      )
      .waitFor();
    expect(await field(page, 'Webhook signing secret').inputValue()).toBe(SIGNING_SECRET);
    await shot(page, '01-publishable-key-refused');

    await field(page, 'Secret key').fill(key);
    await page.getByLabel('US bank account (ACH)').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Payment settings saved');
    await page.getByLabel('Saved secret key').getByText('sk_test_…Ab12').waitFor();
    await page.getByLabel('Saved webhook signing secret').getByText('whsec_…00Zz').waitFor();
    expect(await field(page, 'Secret key').count()).toBe(0);
    await status.getByText('Connected', { exact: true }).waitFor();

    // Test connection, from the keyboard.
    await page.getByRole('button', { name: 'Test connection' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Connected to Greenleaf Landscaping LLC').waitFor();
    await shot(page, '02-connected');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // What the server kept, after a reload: masked keys, the methods and the account's name.
    await page.reload();
    await status.getByText('Stripe account: Greenleaf Landscaping LLC', { exact: false }).waitFor();
    await page.getByLabel('Saved secret key').getByText('sk_test_…Ab12').waitFor();
    expect(await page.getByLabel('US bank account (ACH)').isChecked()).toBe(true);
    expect(await page.getByLabel('Card', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Email me when a payment arrives').isChecked()).toBe(true);
    expect(await page.content()).not.toContain(key.slice('sk_test_'.length));

    // Replace opens the field with the focus in it; a key Stripe refuses says so.
    await page.getByRole('button', { name: 'Replace the secret key' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe(
      'password',
    );
    await page.keyboard.type('sk_test_51UnknownToStripe0000Qq99');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Saved secret key').getByText('sk_test_…Qq99').waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page
      .getByText('Stripe refused the key. Check that you pasted the whole secret key.')
      .waitFor();

    // Disconnect asks first, then clears both.
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByRole('button', { name: 'Disconnect now' }).click();
    await waitForToast(page, 'Stripe disconnected');
    await status.getByText('Not connected').waitFor();
    expect(await page.getByLabel('Saved secret key').count()).toBe(0);
    await field(page, 'Secret key').waitFor();
  });
});

describe("the wizard's Collect online switch", () => {
  it('is not offered while Stripe is not connected', async () => {
    const { page } = await signedInAccount(running, { company: 'Summit Roofing' });
    await wizardToPayment(page);
    await settled(page);
    expect(await page.getByLabel('Stage 1 trigger').inputValue()).toBe('At signing');
    expect(await collectSwitch(page).count()).toBe(0);
  });

  it('is on for a new draft when connected, follows the trigger, and a saved draft keeps it', async () => {
    const { page } = await signedInAccount(running, { company: 'Cedar Decks' });
    const key = ownKey();
    running.stripe().addAccount({ secretKey: key, name: 'Cedar Decks LLC' });
    await connectByApi(page, key);

    await wizardToPayment(page);
    expect(await collectSwitch(page).isChecked()).toBe(true);
    await shot(page, '03-wizard-switch');
    // Away from "At signing" the switch goes; back as typed (any case, spaces) it returns.
    await page.getByLabel('Stage 1 trigger').fill('Deposit');
    await collectSwitch(page).waitFor({ state: 'detached' });
    await page.getByLabel('Stage 1 trigger').fill('  at SIGNING ');
    expect(await collectSwitch(page).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await waitForToast(page, 'Draft saved');
    await page.waitForURL(/\/wizard\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const base = running.app().url;
    const saved = await page.request.get(`${base}/api/contracts/${id}`);
    expect(((await saved.json()) as Contract).payment_plan_json?.[0]).toEqual({
      label: 'Stage 1',
      percent: 33,
      amount_cents: 165000,
      trigger: 'at SIGNING',
      collect_at_signing: true,
    });

    // Reopened, it is still on; switched off and saved, it stays off.
    await page.goto(`/wizard?id=${id}`);
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 3 of 5').waitFor();
    expect(await collectSwitch(page).isChecked()).toBe(true);
    await collectSwitch(page).focus();
    await page.keyboard.press('Space');
    expect(await collectSwitch(page).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await waitForToast(page, 'Draft saved');
    await page.goto(`/wizard?id=${id}`);
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 3 of 5').waitFor();
    expect(await collectSwitch(page).isChecked()).toBe(false);
    const off = await page.request.get(`${base}/api/contracts/${id}`);
    expect(((await off.json()) as Contract).payment_plan_json?.[0]).not.toHaveProperty(
      'collect_at_signing',
    );
  });
});
