import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import { clientSigns } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { createPaymentsTestApp } from '../../test/payment-flow.js';
import { linkMailedTo } from '../../test/signers-flow.js';
import { paymentRequestMail, signedContractWithStripe } from '../../test/stage-payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { bodylessRequest, jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * The path (issue 38): a signed contract with its deposit paid gets a change order
 * adding $1,200 over the unpaid stage; once the client signs it, the next payment request asks
 * for the new amount.
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

it("asks for the changed stage's new amount once the change order is signed", async () => {
  const { cookie, id } = await signedContractWithStripe(t, standIn, 'co-pay@example.com');
  const as = { cookie, origin: t.origin };
  const paid = await jsonPost(
    t.app,
    `/api/contracts/${id}/payments/0/record`,
    { method: 'cash', paid_at: new Date().toISOString().slice(0, 10) },
    as,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const order = (
    await jsonPost(
      t.app,
      `/api/contracts/${id}/change-orders`,
      {
        description: 'Extend the drip line to the back beds.',
        price_change_cents: 120_000,
        payment: 'spread',
      },
      as,
    )
  ).json<ChangeOrder>();
  await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    as,
  );
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, as);
  expect(sent.statusCode, sent.body).toBe(200);
  const signed = await clientSigns(t, await linkMailedTo(t, order.id, 'jordan@example.com'));
  expect(signed.statusCode, signed.body).toBe(200);

  const asked = await jsonPost(t.app, `/api/contracts/${id}/payments/1/request`, {}, as);
  expect(asked.statusCode, asked.body).toBe(200);
  const mail = await paymentRequestMail(t, id);
  expect(mail.subject).toBe(`Payment request: $3,700.00 for Contract #${id}`);
  expect(mail.html).toContain('Pay $3,700.00');
});
