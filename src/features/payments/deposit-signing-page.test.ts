import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns, contractorReadyToSend } from '../../test/contract-flow.js';
import {
  contractorWithStripe,
  createPaymentsTestApp,
  draftWithDeposit,
  sendWithDeposit,
} from '../../test/payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * The deposit on the homeowner's signing page (issue 36): said before signing, offered once
 * signed, a form that sends the browser to Checkout, and the page it comes back to.
 */
let standIn: StripeStandIn;
let t: TestApp & { base: string };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createPaymentsTestApp(standIn);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const page = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'HomeownerPhone/3.0' } });

const payForm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/esign/${token}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
    payload: '',
  });

describe('the signing page with a deposit', () => {
  it('says the deposit before signing, offers it after, and says how the payment went', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'page-deposit@example.com');
    const { token } = await sendWithDeposit(t, cookie);
    const before = await page(`/esign/${token}`);
    expect(before.body).toContain('A deposit of $2,500.00 is due when you sign.');
    expect(before.body).not.toContain('deposit-offer');

    await clientSigns(t, token);
    const signed = await page(`/esign/${token}`);
    expect(signed.body).toContain(
      `<form class="deposit-offer" method="post" action="/esign/${token}/pay">`,
    );
    expect(signed.body).toContain('Pay the $2,500.00 deposit now');
    expect(signed.body).toContain('You can pay any time from the link in your email.');
    expect(signed.headers['content-security-policy']).toContain(
      `form-action 'self' ${standIn.url}`,
    );

    const toCheckout = await payForm(token);
    expect(toCheckout.statusCode).toBe(303);
    const sessionId = new URL(toCheckout.headers.location!).pathname.split('/').pop()!;
    expect(toCheckout.headers.location).toBe(`${standIn.url}/checkout/${sessionId}`);

    const canceled = await page(`/esign/${token}?paid=canceled`);
    expect(canceled.body).toContain('Not paid yet');
    expect(canceled.body).toContain('Pay the $2,500.00 deposit now');

    await standIn.complete(sessionId, 'paid');
    const back = await page(`/esign/${token}?paid=${sessionId}`);
    expect(back.body).toContain('Payment received');
    expect(back.body).toContain('Thank you. $2,500.00 for Contract #');
    expect(back.body).not.toContain('deposit-offer');
    // A session id that is not this contract's tells nothing.
    const stranger = await page(`/esign/${token}?paid=cs_test_notonethisone`);
    expect(stranger.body).not.toContain('payment-return');
  });

  it('in Spanish, with a bank payment on its way', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'pagina@example.com');
    const { token } = await sendWithDeposit(t, cookie, { ...draftWithDeposit(), language: 'es' });
    const spanish = await page(`/esign/${token}`);
    expect(spanish.body).toContain('Al firmar, se debe pagar un depósito de $2,500.00.');
    // The Contrato estándar says it too (the document rides in the page, escaped).
    expect(spanish.body).toContain(
      '&lt;strong&gt;Al firmar, se debe pagar un depósito de $2,500.00.&lt;/strong&gt;',
    );
    await clientSigns(t, token);
    const sessionId = new URL((await payForm(token)).headers.location!).pathname.split('/').pop()!;
    expect(standIn.sessions.get(sessionId)?.line_items_names[0]).toMatch(
      /^Contrato n\.º \d+, Deposit$/,
    );
    await standIn.complete(sessionId, 'unpaid');
    const back = await page(`/esign/${token}?paid=${sessionId}`);
    expect(back.body).toContain('Pago en proceso');
    expect(back.body).toContain('Las transferencias bancarias tardan unos días');
  });

  it('when Stripe cannot be reached, the page says to try again', async () => {
    const { cookie, keys } = await contractorWithStripe(t, standIn, 'stripe-down@example.com');
    const { token } = await sendWithDeposit(t, cookie);
    await clientSigns(t, token);
    // The account's key stops working at Stripe's end: Checkout cannot be made.
    standIn.removeAccount(keys.secretKey);
    const refused = await payForm(token);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/esign/${token}?paid=error`);
    const back = await page(refused.headers.location!);
    expect(back.body).toContain(
      'The payment page could not be opened. Please try again in a minute.',
    );
  });
});

describe('sending a contract with a deposit collected online', () => {
  it('needs Stripe connected, and says where to connect it', async () => {
    const cookie = await contractorReadyToSend(t, 'no-stripe@example.com');
    const origin = { cookie, origin: t.origin };
    const { id } = (await jsonPost(t.app, '/api/contracts', draftWithDeposit(), origin)).json<{
      id: number;
    }>();
    await jsonPost(
      t.app,
      `/api/contracts/${id}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      origin,
    );
    const sent = await jsonPost(
      t.app,
      `/api/contracts/${id}/send`,
      { client_data: { name: 'Jordan Rivera', email: 'jordan@example.com' } },
      origin,
    );
    expect(sent.statusCode).toBe(400);
    expect(sent.body).toBe(
      'To collect the deposit online, connect Stripe in Settings, Payments, or turn off "Collect online when the client signs" in the payment plan',
    );
  });
});
