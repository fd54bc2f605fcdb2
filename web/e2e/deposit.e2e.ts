import { describe, expect, it } from 'vitest';
import { draftWithDeposit, stripeTestKeys } from '../../src/test/payment-flow';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { drawSignature, signedInPage } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';
import { workerApp } from './support/worker';

/**
 * The deposit at signing end to end at 390 px (issue 36): the homeowner reads what is due, signs,
 * pays on (the stand-in of) Stripe's Checkout, and comes back to "Payment received"; the payment
 * is recorded from Stripe's signed event, and the receipt arrives by mail.
 */
const running = workerApp();

describe('the deposit at signing', () => {
  it('is paid by the homeowner right after signing, and both are told', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Deposit Decks' });
    const keys = stripeTestKeys();
    running.stripe().addAccount({ secretKey: keys.secretKey, name: 'Deposit Decks LLC' });
    const saved = await contractor.request.put(`${base}/api/payments/settings`, {
      data: { stripe_secret_key: keys.secretKey, stripe_webhook_secret: keys.webhookSecret },
      headers: { origin: base },
    });
    expect(saved.status()).toBe(200);
    const { webhook_url } = (await saved.json()) as { webhook_url: string };
    running.stripe().connectWebhook(keys.secretKey, webhook_url, keys.webhookSecret);

    const client = { name: 'Dana Homeowner', email: uniqueEmail('dana-deposit') };
    const id = await sendContractByApi(contractor, base, client, {
      draft: { payment_plan_json: draftWithDeposit().payment_plan_json },
    });
    const request = await running
      .smtp()
      .waitFor(
        (mail) => mail.to.includes(client.email) && /sent you a contract/.test(mail.subject),
        20_000,
      );

    const { page: homeowner } = await newPage(running.browser(), base, PHONE);
    await homeowner.goto(signingLinkIn(request.text));
    await homeowner.getByText('A deposit of $2,500.00 is due when you sign.').waitFor();
    await homeowner.getByLabel('I agree to use electronic records and signatures').check();
    await drawSignature(homeowner, /Sign below to accept/);
    await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
    await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();
    const pay = homeowner.getByRole('button', { name: 'Pay the $2,500.00 deposit now' });
    await homeowner.screenshot({ path: '/tmp/deposit-offered.png' });

    // Pay later folds the offer away; the link still offers it.
    await homeowner.getByRole('button', { name: 'Pay later' }).click();
    await expect.poll(() => pay.count()).toBe(0);
    await homeowner.getByText('You can pay any time from the link in your email.').waitFor();
    await homeowner.reload();
    await pay.click();

    // Stripe's Checkout (the stand-in's page), then back to the signing link.
    await homeowner.getByRole('heading', { name: 'Pay $2,500.00' }).waitFor();
    await homeowner.getByText(`Contract #${id}, Deposit`).waitFor();
    await homeowner.getByRole('button', { name: 'Pay' }).click();
    await homeowner.getByRole('heading', { name: 'Payment received' }).waitFor();
    await homeowner
      .getByText(`Thank you. $2,500.00 for Contract #${id} was received.`, { exact: false })
      .waitFor();
    expect(await pay.count()).toBe(0);
    const width = await homeowner.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await homeowner.screenshot({ path: '/tmp/deposit-received.png', fullPage: false });

    const receipt = await running
      .smtp()
      .waitFor(
        (mail) => mail.to.includes(client.email) && mail.subject.startsWith('Receipt:'),
        20_000,
      );
    expect(receipt.subject).toBe(`Receipt: $2,500.00 for Contract #${id}`);
    expect(receipt.text).toContain('Paid by: Card');
    expect(receipt.html).toContain('Deposit Decks');

    // The contractor's timeline says it.
    await contractor.goto(`/contracts/${id}`);
    await contractor.getByText('Payment received: $2,500.00, Deposit').waitFor();
  });
});
