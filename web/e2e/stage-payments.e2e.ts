import { stripeTestKeys } from '../../src/test/payment-flow';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_SIGNATURE_PNG } from '../../src/test/contract-flow';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories';
import { newPage, PHONE, settled, uniqueEmail } from './support/browser';
import { signedInAccount, waitForToast } from './support/flows';
import { signingLinkIn } from './support/send-by-api';
import { workerApp } from './support/worker';

/**
 * A signed contract's later stages (issue 36), at 390 px, for both parties: the contractor asks
 * for the second stage, the client pays it from the mailed link in (the stand-in's) Checkout, the
 * card says what is paid; the contractor records the last stage in cash and undoes it. The
 * worker's server talks to the worker's Stripe stand-in, which sends the signed events back.
 */
const running = workerApp();
const stripe = () => running.stripe();
const mails = () => running.smtp();

const mailTo = (address: string, subject: string) =>
  mails().waitFor((mail) => mail.to.includes(address) && mail.subject === subject, 20_000);

/**
 * The contractor's company takes Stripe, and sends a $5,000.00 contract in three stages (Deposit
 * $1,650.00, Rough-in $1,700.00, Final $1,650.00), which the client signs. Returns its id.
 */
async function signedThreeStageContract(page: Page, client: { name: string; email: string }) {
  const base = running.app().url;
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const answer = await page.request[method](`${base}${url}`, { data, headers: { origin: base } });
    if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`);
    return answer.json() as Promise<Record<string, unknown>>;
  };
  const keys = stripeTestKeys();
  stripe().addAccount({ secretKey: keys.secretKey, name: 'Stage Pay Landscaping' });
  const settings = await call('put', '/api/payments/settings', {
    stripe_secret_key: keys.secretKey,
    stripe_webhook_secret: keys.webhookSecret,
  });
  stripe().connectWebhook(keys.secretKey, String(settings.webhook_url), keys.webhookSecret);

  await call('post', '/api/acceptances', { type: 'legal_disclaimer', typed_name: 'Casey Green' });
  const draft = {
    ...sendableDraft(client),
    payment_plan_json: [
      { label: 'Deposit', percent: 33, amount_cents: 0, trigger: 'At signing' },
      { label: 'Rough-in', percent: 34, amount_cents: 0, trigger: 'Valves replaced' },
      { label: 'Final', percent: 33, amount_cents: 0, trigger: 'Substantial completion' },
    ],
  };
  const id = Number((await call('post', '/api/contracts', draft)).id);
  await call('post', `/api/contracts/${id}/sign-mine`, { signature: TEST_SIGNATURE_PNG });
  await call('post', `/api/contracts/${id}/send`, { client_data: client });
  const request = await mailTo(client.email, 'Stage Pay Landscaping sent you a contract to sign');
  const token = signingLinkIn(request.text).split('/esign/')[1];
  const signed = await fetch(`${base}/api/esign/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ signature: TEST_CLIENT_SIGNATURE_PNG, consent: true }),
  });
  if (!signed.ok) throw new Error(`signing: ${signed.status} ${await signed.text()}`);
  return id;
}

describe('the later stages of a signed contract', () => {
  it('asks for a stage the client pays from the mail, and records the last in cash, then undoes it', async () => {
    const { page } = await signedInAccount(running, { company: 'Stage Pay Landscaping' });
    const client = { name: 'Riley Homeowner', email: uniqueEmail('riley') };
    const id = await signedThreeStageContract(page, client);

    await page.goto(`/contracts/${id}`);
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByText('Paid $0.00 of $5,000.00').waitFor();
    const roughIn = payments.getByRole('group', { name: 'Rough-in' });
    await roughIn.getByText('Unpaid', { exact: true }).waitFor();
    await roughIn.getByText('$1,700.00').waitFor();
    await payments.getByRole('button', { name: 'Request payment for Rough-in' }).click();
    expect(await waitForToast(page, 'Payment requested')).toContain(
      `Riley Homeowner was emailed a link to pay $1,700.00 for Rough-in`,
    );
    await roughIn.getByText(/^Requested \(.+\)$/).waitFor();
    // The client was just emailed: the next request waits, as Send reminder does.
    const final = payments.getByRole('group', { name: 'Final' });
    const requestFinal = final.getByRole('button', { name: 'Request payment for Final' });
    await payments
      .getByText(/^The client was emailed about this contract less than an hour ago/)
      .waitFor();
    expect(await requestFinal.isDisabled()).toBe(true);

    // "Payment due" keeps the contract while the stage is asked for.
    await page.goto('/');
    await page.getByText('Payment due', { exact: true }).click();
    await page.waitForURL(/due=true/);
    const dueCard = page.getByRole('link', { name: new RegExp(`^Contract #${id}, `) });
    await dueCard.getByText(/^Payment due since /).waitFor();

    const mail = await mailTo(client.email, `Payment request: $1,700.00 for Contract #${id}`);
    expect(mail.text).toContain(`For: Rough-in of Contract #${id}`);
    const link = /https?:\/\/\S+\/pay\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? '';
    const { page: homeowner } = await newPage(running.browser(), running.app().url, PHONE);
    await homeowner.goto(link);
    await homeowner.getByRole('heading', { name: 'Payment request' }).waitFor();
    await homeowner.getByText(`Rough-in of Contract #${id}`).waitFor();
    await homeowner.getByRole('button', { name: 'Pay $1,700.00' }).click();
    // The stand-in's Checkout page: pay by card.
    await homeowner.getByRole('heading', { name: 'Pay $1,700.00' }).waitFor();
    await homeowner.getByRole('button', { name: 'Pay', exact: true }).click();
    await homeowner.getByRole('heading', { name: 'Payment received' }).waitFor();
    await homeowner
      .getByText(`Thank you. $1,700.00 for Contract #${id} was received.`, { exact: false })
      .waitFor();
    expect(homeowner.url()).toMatch(/\/pay\/[A-Za-z0-9_-]{43}\?paid=cs_/);
    await mailTo(client.email, `Receipt: $1,700.00 for Contract #${id}`);

    // The card says what is paid, and the contract left "Payment due".
    await page.reload();
    await page.getByText('No contract has a payment due: every stage asked for is paid.').waitFor();
    await page.goto('/');
    const card = page.getByRole('link', { name: new RegExp(`^Contract #${id}, `) });
    await card.getByText('Paid $1,700 of $5,000').waitFor();

    // The last stage, paid in cash, recorded with the keyboard, then undone.
    await page.goto(`/contracts/${id}`);
    await payments.getByText('Paid $1,700.00 of $5,000.00').waitFor();
    await final.getByRole('button', { name: 'Record a payment for Final' }).focus();
    await page.keyboard.press('Enter');
    const form = payments.getByRole('form', { name: 'Record a payment of $1,650.00 for Final' });
    await form.getByRole('radio', { name: 'Cash' }).focus();
    await page.keyboard.press('Space');
    await form.getByRole('textbox', { name: /Note/ }).fill('Paid at the final walkthrough');
    await form.getByRole('button', { name: 'Save payment' }).press('Enter');
    expect(await waitForToast(page, 'Payment recorded')).toContain(
      '$1,650.00 for Final, paid by cash. Riley Homeowner is emailed a receipt.',
    );
    await payments.getByText('Paid $3,350.00 of $5,000.00').waitFor();
    await final.getByText(/^Paid \(.+, cash\)$/).waitFor();
    await mailTo(client.email, `Receipt: $1,650.00 for Contract #${id}`);

    await final.getByRole('button', { name: 'Undo the payment recorded for Final' }).click();
    await waitForToast(page, 'Payment undone');
    await payments.getByText('Paid $1,700.00 of $5,000.00').waitFor();
    await final.getByText('Unpaid', { exact: true }).waitFor();
    await settled(page);
    expect(await final.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    const timeline = page.getByLabel('Contract timeline');
    await timeline.getByText('Payment recorded: $1,650.00, Final').waitFor();
    await timeline.getByText('Recorded payment undone: $1,650.00, Final').waitFor();
  });
});
