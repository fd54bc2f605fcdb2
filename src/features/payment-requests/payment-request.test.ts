import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StagePayments } from '../../domain/stage-payments.schemas.js';
import { createPaymentsTestApp } from '../../test/payment-flow.js';
import {
  movableClock,
  paymentRequestMail,
  signedContractWithStripe,
} from '../../test/stage-payment-flow.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { get, jsonPost, jsonPut, type TestApp } from '../../test/test-app.js';
import { payLinkRateLimits } from './pay-link.service.js';

/**
 * "Request payment" (issue 36): the client is mailed a link to a later stage, in their language,
 * within the client mail budget; the link's page sends them to Checkout, and the stage is paid
 * when Stripe's signed event says so.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const clock = movableClock();
let standIn: StripeStandIn;
let t: TestApp & { base: string };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createPaymentsTestApp(standIn, { clock: clock.now });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const request = (cookie: string, id: number, stage: number) =>
  jsonPost(
    t.app,
    `/api/contracts/${id}/payments/${stage}/request`,
    {},
    { cookie, origin: t.origin },
  );

const contractRow = (id: number) =>
  t.db
    .selectFrom('contracts')
    .select(['paid_cents', 'payment_due_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The session behind a Checkout URL. */
const sessionOf = (url: string) => standIn.sessions.get(new URL(url).pathname.split('/').pop()!)!;

describe('asking the client to pay a stage', () => {
  it('mails a link whose page pays the stage through Checkout, recorded from the event', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'ask@example.com');
    const asked = await request(cookie, id, 1);
    expect(asked.statusCode, asked.body).toBe(200);
    const requestedAt = asked.json<StagePayments>().stages[1]?.requested_at ?? '';
    expect(asked.json<StagePayments>().stages[1]).toMatchObject({ status: 'requested' });
    expect(Math.abs(Date.parse(requestedAt) - clock.now().getTime())).toBeLessThan(5_000);
    expect(await contractRow(id)).toEqual({ paid_cents: 0, payment_due_at: requestedAt });

    const mail = await paymentRequestMail(t, id);
    expect(mail.to).toBe('jordan@example.com');
    expect(mail.subject).toBe(`Payment request: $2,500.00 for Contract #${id}`);
    expect(mail.text).toContain('Greenleaf Co asks you to pay the next stage of your contract.');
    expect(mail.text).toContain(`For: Balance of Contract #${id}`);
    expect(mail.text).toContain('Ways to pay: Card, Bank account (ACH)');
    expect(mail.text).toContain(`http://localhost:3000/pay/${mail.token}`);
    expect(mail.html).toContain('Pay $2,500.00');
    // Only the token's SHA-256 is kept.
    const stored = await t.sql.all<{ token_hash: unknown }>(
      'SELECT token_hash FROM payment_requests WHERE contract_id = ?',
      id,
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(mail.token);
    const [event] = await t.db
      .selectFrom('contract_events')
      .select(['actor', 'details'])
      .where('contract_id', '=', id)
      .where('type', '=', 'payment_requested')
      .execute();
    expect(event?.actor).toBe('ask@example.com');
    expect(JSON.parse(event?.details ?? '{}')).toMatchObject({
      stage: 1,
      stage_label: 'Balance',
      amount_cents: 250_000,
      to: 'jordan@example.com',
    });

    const page = await get(t.app, `/pay/${mail.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${standIn.url}`);
    expect(page.body).toContain(`Greenleaf Co · Contract #${id}`);
    expect(page.body).toContain(`Balance of Contract #${id}`);
    expect(page.body).toContain(
      '<button class="button button-primary button-large" type="submit">Pay $2,500.00</button>',
    );

    // The page's form posts to itself and is sent on to Checkout; a script's call gets the same.
    const tapped = await t.app.inject({
      method: 'POST',
      url: `/pay/${mail.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
      payload: '',
    });
    expect(tapped.statusCode).toBe(303);
    const checkoutUrl = tapped.headers.location as string;
    const again = await jsonPost(t.app, `/api/pay/${mail.token}`, {});
    expect(again.json<{ url: string }>().url).toBe(checkoutUrl);
    const session = sessionOf(checkoutUrl);
    expect(session).toMatchObject({
      amount_total: 250_000,
      customer_email: 'jordan@example.com',
      metadata: { tradesign_contract: String(id), tradesign_stage: '1' },
      success_url: `http://localhost:3000/pay/${mail.token}?paid={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:3000/pay/${mail.token}?paid=canceled`,
    });
    expect(session.line_items_names).toEqual([`Contract #${id}, Balance`]);

    expect((await standIn.complete(session.id, 'paid')).status).toBe(200);
    const back = await get(t.app, `/pay/${mail.token}?paid=${session.id}`);
    expect(back.body).toContain('Payment received');
    expect(back.body).toContain(
      `Thank you. $2,500.00 for Contract #${id} was received. A receipt is on its way to your email.`,
    );
    expect(back.body).not.toContain('Pay $2,500.00</button>');
    expect(await contractRow(id)).toEqual({ paid_cents: 250_000, payment_due_at: null });
    const paid = (
      await get(t.app, `/api/contracts/${id}/payments`, { cookie })
    ).json<StagePayments>();
    expect(paid.stages[1]).toMatchObject({
      status: 'paid',
      method: 'card',
      requested_at: requestedAt,
    });

    // Paid: the link says so, and the stage cannot be asked for again.
    const later = await get(t.app, `/pay/${mail.token}`);
    expect(later.body).toContain('This payment is already made. Thank you.');
    expect((await jsonPost(t.app, `/api/pay/${mail.token}`, {})).statusCode).toBe(409);
    const askedAgain = await request(cookie, id, 1);
    expect(askedAgain.statusCode).toBe(409);
    expect(askedAgain.body).toBe('This stage is already paid');
  });

  it("shares the client's mail budget: a second request within the hour waits", async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'budget@example.com');
    expect((await request(cookie, id, 0)).statusCode).toBe(200);
    const soon = await request(cookie, id, 1);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(3500);
    expect(soon.body).toMatch(
      /^The client was emailed about this contract less than an hour ago\. The next email can go at .+\.$/,
    );
    const mails = await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('contract_id', '=', id)
      .where('kind', '=', 'payment_request')
      .execute();
    expect(mails).toHaveLength(1);

    clock.advance(HOUR_MS);
    expect((await request(cookie, id, 1)).statusCode).toBe(200);
  });

  it('mails and shows the request in Spanish for a contract in Spanish', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'es@example.com', {
      language: 'es',
    });
    expect((await request(cookie, id, 1)).statusCode).toBe(200);
    const mail = await paymentRequestMail(t, id);
    expect(mail.subject).toBe(`Solicitud de pago: $2,500.00 del contrato n.º ${id}`);
    expect(mail.text).toContain('Hola, Jordan Rivera:');
    expect(mail.text).toContain(
      'Greenleaf Co le solicita el pago de la siguiente etapa de su contrato.',
    );
    expect(mail.text).toContain(`Concepto: Balance del contrato n.º ${id}`);
    expect(mail.text).toContain('Formas de pago: Tarjeta, Cuenta bancaria (ACH)');
    expect(mail.html).toContain('Pagar $2,500.00');
    const page = await get(t.app, `/pay/${mail.token}`);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Solicitud de pago');
    expect(page.body).toContain('Pagar $2,500.00</button>');
    const canceled = await get(t.app, `/pay/${mail.token}?paid=canceled`);
    expect(canceled.body).toContain('Aún no se pagó');
    expect(canceled.body).toContain('Pagar $2,500.00</button>');
  });

  it('says so for an unknown or expired link', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'expired@example.com');
    expect((await request(cookie, id, 1)).statusCode).toBe(200);
    const { token } = await paymentRequestMail(t, id);
    const unknown = await get(t.app, `/pay/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(
      'This payment link is no longer valid. Ask your contractor for a new one.',
    );
    expect(unknown.body).not.toContain('</button>');
    expect((await get(t.app, `/pay/${token}`)).statusCode).toBe(200);

    clock.advance(30 * DAY_MS);
    const expired = await get(t.app, `/pay/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('This payment link is no longer valid.');
    const call = await jsonPost(t.app, `/api/pay/${token}`, {});
    expect(call.statusCode).toBe(404);
  });

  it('says on the page why a tap did not reach Checkout, and slows a guesser of links', async () => {
    const { cookie, id } = await signedContractWithStripe(t, standIn, 'off@example.com');
    expect((await request(cookie, id, 1)).statusCode).toBe(200);
    const { token } = await paymentRequestMail(t, id);
    // The contractor disconnected Stripe after asking.
    const off = await jsonPut(
      t.app,
      '/api/payments/settings',
      { stripe_secret_key: '' },
      { cookie, origin: t.origin },
    );
    expect(off.statusCode).toBe(200);
    const tapped = await t.app.inject({
      method: 'POST',
      url: `/pay/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
      payload: '',
    });
    expect(tapped.statusCode).toBe(200);
    expect(tapped.body).toContain(
      '<p class="alert" role="alert">Online payment is not set up for this contract.</p>',
    );
    expect(tapped.body).toContain('Pay $2,500.00</button>');

    const guesser = { remoteAddress: '203.0.113.9' };
    for (let opening = 0; opening < payLinkRateLimits.view.limit; opening += 1) {
      const guess = await t.app.inject({ url: `/pay/${'y'.repeat(43)}`, ...guesser });
      expect(guess.statusCode).toBe(404);
    }
    const busy = await t.app.inject({ url: `/pay/${token}`, ...guesser });
    expect(busy.statusCode).toBe(429);
    expect(busy.body).toContain('Too many tries from this connection.');
    // Another address is not held back.
    expect((await get(t.app, `/pay/${token}`)).statusCode).toBe(200);
  });
});
