import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns } from '../../test/contract-flow.js';
import { buildCertificateInput, loadSignedContract } from '../documents/certificate-input.js';
import {
  contractorWithStripe,
  createPaymentsTestApp,
  sendWithDeposit,
  signedAndAtCheckout,
} from '../../test/payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { get, jsonPost, openQueuedBody, type TestApp } from '../../test/test-app.js';

/**
 * The deposit at signing (issue 36): the signing link offers it once signed, Checkout is made
 * once per tap, and the payment is recorded only from Stripe's signed event, once.
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

const paymentsOf = (contractId: number) =>
  t.db
    .selectFrom('payments')
    .select(['stage_index', 'amount_cents', 'status', 'method', 'refunded_cents'])
    .where('contract_id', '=', contractId)
    .execute();

const cardOf = (contractId: number) =>
  t.db
    .selectFrom('contracts')
    .select(['paid_cents', 'payment_due_at', 'client_signed_at'])
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();

const mailsOf = async (contractId: number, kind: string) => {
  const rows = await t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'text'])
    .where('contract_id', '=', contractId)
    .where('kind', '=', kind)
    .execute();
  return rows.map((row) => ({ ...row, text: openQueuedBody(t, row.text ?? '') }));
};

describe('the deposit at signing', () => {
  it('is announced before signing, paid through Checkout, and recorded from the event once', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'deposit@example.com');
    const { id, token } = await sendWithDeposit(t, cookie);

    const before = (await get(t.app, `/api/esign/${token}`)).json<{
      payment_due: unknown;
      template_html: string;
    }>();
    expect(before.payment_due).toEqual({ stage: 0, label: 'Deposit', amount_cents: 250_000 });
    // The contract itself says it, so the sealed copy does too.
    expect(before.template_html).toContain(
      '<strong>A deposit of $2,500.00 is due when you sign.</strong>',
    );
    const early = await jsonPost(t.app, `/api/esign/${token}/pay`, {});
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('Sign the contract first');

    expect((await clientSigns(t, token)).statusCode).toBe(200);
    expect((await cardOf(id)).payment_due_at).toBe((await cardOf(id)).client_signed_at);

    const first = (await jsonPost(t.app, `/api/esign/${token}/pay`, {})).json<{ url: string }>();
    const second = (await jsonPost(t.app, `/api/esign/${token}/pay`, {})).json<{ url: string }>();
    expect(second.url).toBe(first.url);
    const sessionId = new URL(first.url).pathname.split('/').pop()!;
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 250_000,
      currency: 'usd',
      customer_email: 'jordan@example.com',
      payment_method_types: ['card', 'us_bank_account'],
      metadata: { tradesign_contract: String(id), tradesign_stage: '0' },
      success_url: `http://localhost:3000/esign/${token}?paid={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:3000/esign/${token}?paid=canceled`,
    });
    expect(session.line_items_names).toEqual([`Contract #${id}, Deposit`]);
    expect(session.expires_at - session.created).toBeGreaterThan(23 * 3600);
    const creates = standIn.requests.filter(
      (request) => request.method === 'POST' && request.body.metadata !== undefined,
    );
    expect(creates.filter((request) => request.body.metadata)).toHaveLength(1);
    expect(creates[0]?.idempotencyKey).toBe(`tradesign-${id}-0-1`);

    const delivered = await standIn.complete(sessionId, 'paid');
    expect(delivered.status).toBe(200);
    expect(await paymentsOf(id)).toEqual([
      { stage_index: 0, amount_cents: 250_000, status: 'paid', method: 'card', refunded_cents: 0 },
    ]);
    expect(await cardOf(id)).toMatchObject({ paid_cents: 250_000, payment_due_at: null });
    const after = (await get(t.app, `/api/esign/${token}`)).json<{ payment_due: unknown }>();
    expect(after.payment_due).toBeNull();

    const [receipt] = await mailsOf(id, 'payment_receipt');
    expect(receipt).toMatchObject({
      to_address: 'jordan@example.com',
      subject: `Receipt: $2,500.00 for Contract #${id}`,
    });
    expect(receipt?.text).toContain('Paid by: Card');
    expect(receipt?.text).toContain(`For: Deposit of Contract #${id}`);
    const [alert] = await mailsOf(id, 'payment_alert');
    expect(alert).toMatchObject({
      to_address: 'deposit@example.com',
      subject: `Payment received: $2,500.00 from Jordan Rivera for Contract #${id}`,
    });

    // Stripe sends an event again when it is not sure we got it: one payment, one receipt.
    const again = await standIn.sendSessionEvent(sessionId, 'checkout.session.completed', {
      eventId: delivered.eventId,
    });
    expect(again.status).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await mailsOf(id, 'payment_receipt')).toHaveLength(1);

    // The sealed copy's certificate, made after the payment, lists no payment: it records the
    // signing, and each payment has its own receipt.
    const certificate = await buildCertificateInput(t.db, await loadSignedContract(t.db, id), {
      contractPagesSha256: '0'.repeat(64),
      verifyUrl: 'http://localhost:3000/verify',
    });
    expect(certificate.events.map((event) => event.type)).toContain('signed_by_client');
    expect(certificate.events.map((event) => event.type)).not.toContain('payment_succeeded');

    // Paid: the link offers nothing more to pay.
    const paidAgain = await jsonPost(t.app, `/api/esign/${token}/pay`, {});
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.body).toBe('This payment is already made. Thank you.');
  });
});

describe("Stripe's events", () => {
  it('with a bad signature: 400, and nothing changes', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'forged@example.com');
    const { id, sessionId } = await signedAndAtCheckout(t, standIn, cookie);
    const session = standIn.sessions.get(sessionId)!;
    session.payment_status = 'paid';
    const forged = await standIn.sendSessionEvent(sessionId, 'checkout.session.completed', {
      signWith: 'whsec_notthecompanysecret000',
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toBe('The Stripe-Signature header does not match this endpoint');
    expect(await paymentsOf(id)).toEqual([]);
    expect(await cardOf(id)).toMatchObject({ paid_cents: 0 });
  });

  it("naming another company's session, or a wrong amount: acknowledged, nothing changes", async () => {
    const a = await contractorWithStripe(t, standIn, 'company-a@example.com');
    const b = await contractorWithStripe(t, standIn, 'company-b@example.com');
    const { id, sessionId } = await signedAndAtCheckout(t, standIn, a.cookie);
    const session = { ...standIn.sessions.get(sessionId)!, payment_status: 'paid' };

    // Company B's Stripe account (its own signing secret) reports A's session to B's URL.
    const crossed = await standIn.sendEvent(
      b.keys.secretKey,
      'checkout.session.completed',
      session,
    );
    expect(crossed.status).toBe(200);
    // A's own account, but the amount is not the stage's.
    const short = await standIn.sendSessionEvent(sessionId, 'checkout.session.completed', {
      object: { ...session, amount_total: 100 },
    });
    expect(short.status).toBe(200);
    expect(await paymentsOf(id)).toEqual([]);
    const outcomes = await t.db
      .selectFrom('stripe_events')
      .select(['event_id', 'outcome'])
      .where('event_id', 'in', [crossed.eventId, short.eventId])
      .execute();
    expect(Object.fromEntries(outcomes.map((row) => [row.event_id, row.outcome]))).toEqual({
      [crossed.eventId]: 'refused: not a Checkout Session of this company',
      [short.eventId]: "refused: amount 100 is not the stage's",
    });
  });

  it('a bank payment: processing at checkout, then paid when it clears', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'ach@example.com');
    const { id, token, sessionId } = await signedAndAtCheckout(t, standIn, cookie);
    expect((await standIn.complete(sessionId, 'unpaid')).status).toBe(200);
    expect(await paymentsOf(id)).toMatchObject([
      { status: 'processing', method: 'us_bank_account' },
    ]);
    // Not paid yet, but not due either: the money is on its way.
    expect(await cardOf(id)).toMatchObject({ paid_cents: 0, payment_due_at: null });
    expect((await jsonPost(t.app, `/api/esign/${token}/pay`, {})).statusCode).toBe(409);
    expect(await mailsOf(id, 'payment_receipt')).toEqual([]);

    expect((await standIn.settle(sessionId, 'succeeded')).status).toBe(200);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'paid', method: 'us_bank_account' }]);
    expect(await cardOf(id)).toMatchObject({ paid_cents: 250_000 });
    const [receipt] = await mailsOf(id, 'payment_receipt');
    expect(receipt?.text).toContain('Paid by: Bank account (ACH)');
  });

  it('a bank payment that fails: the deposit is due again and the contractor is told', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'ach-fails@example.com');
    const { id, token, sessionId } = await signedAndAtCheckout(t, standIn, cookie);
    await standIn.complete(sessionId, 'unpaid');
    expect((await standIn.settle(sessionId, 'failed')).status).toBe(200);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'failed' }]);
    const card = await cardOf(id);
    expect(card.payment_due_at).toBe(card.client_signed_at);
    const [alert] = await mailsOf(id, 'payment_alert');
    expect(alert?.subject).toBe(
      `A bank payment of $2,500.00 from Jordan Rivera failed (Contract #${id})`,
    );
    // The link offers the deposit again, in a new session.
    const again = await jsonPost(t.app, `/api/esign/${token}/pay`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json<{ url: string }>().url).not.toContain(sessionId);
  });

  it('a refund, in part and then in full', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'refund@example.com');
    const hook = await jsonPost(
      t.app,
      '/api/webhooks',
      {
        url: 'http://127.0.0.1:9/payments',
        events: ['payment.succeeded', 'payment.refunded', 'contract.signed'],
      },
      { cookie, origin: t.origin },
    );
    expect(hook.statusCode).toBe(201);
    const { id, sessionId } = await signedAndAtCheckout(t, standIn, cookie);
    await standIn.complete(sessionId, 'paid');
    expect((await standIn.refund(sessionId, 50_000)).status).toBe(200);
    expect(await paymentsOf(id)).toMatchObject([
      { status: 'partly_refunded', refunded_cents: 50_000 },
    ]);
    expect(await cardOf(id)).toMatchObject({ paid_cents: 200_000 });
    await standIn.refund(sessionId, 250_000);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refunded_cents: 250_000 }]);
    expect(await cardOf(id)).toMatchObject({ paid_cents: 0 });
    const timeline = await t.db
      .selectFrom('contract_events')
      .select('type')
      .where('contract_id', '=', id)
      .where('type', 'like', 'payment_%')
      .orderBy('id')
      .execute();
    expect(timeline.map((event) => event.type)).toEqual([
      'payment_succeeded',
      'payment_refunded',
      'payment_refunded',
    ]);
    // Our own webhooks tell the contractor's tools, with the payment as it then stood.
    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .where('event_type', 'like', 'payment.%')
      .orderBy('id')
      .execute();
    const payments = deliveries
      .map(
        (row) => JSON.parse(row.payload) as { data: { contract: { id: number }; payment: object } },
      )
      .filter((payload) => payload.data.contract.id === id);
    expect(deliveries.map((row) => row.event_type)).toEqual([
      'payment.succeeded',
      'payment.refunded',
      'payment.refunded',
    ]);
    expect(payments.map((payload) => payload.data.payment)).toEqual([
      expect.objectContaining({
        stage: 0,
        label: 'Deposit',
        amount_cents: 250_000,
        refunded_cents: 0,
        status: 'paid',
        method: 'card',
      }),
      expect.objectContaining({ refunded_cents: 50_000, status: 'partly_refunded' }),
      expect.objectContaining({ refunded_cents: 250_000, status: 'refunded' }),
    ]);
  });
});

describe('a stage paid twice', () => {
  it('records the first payment only, and tells the contractor to refund the second', async () => {
    const { cookie } = await contractorWithStripe(t, standIn, 'twice@example.com');
    const { id, token, sessionId } = await signedAndAtCheckout(t, standIn, cookie);
    // A second Checkout Session for the same deposit: the first one expired in another tab.
    await t.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionId)
      .execute();
    const second = (await jsonPost(t.app, `/api/esign/${token}/pay`, {})).json<{ url: string }>();
    const secondId = new URL(second.url).pathname.split('/').pop()!;
    expect(secondId).not.toBe(sessionId);

    await standIn.complete(sessionId, 'paid');
    expect((await standIn.complete(secondId, 'paid')).status).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await cardOf(id)).toMatchObject({ paid_cents: 250_000 });
    const alerts = await mailsOf(id, 'payment_alert');
    expect(alerts.map((mail) => mail.subject)).toEqual([
      `Payment received: $2,500.00 from Jordan Rivera for Contract #${id}`,
      `Paid twice: refund $2,500.00 to Jordan Rivera (Contract #${id})`,
    ]);
    expect(alerts[1]?.text).toContain('this second payment was not recorded');
    expect(await mailsOf(id, 'payment_receipt')).toHaveLength(1);
  });
});
