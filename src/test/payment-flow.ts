import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Contract } from '../domain/contracts.schemas.js';
import { clientSigns, contractorReadyToSend, TEST_CLIENT } from './contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from './factories.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import { createTestApp, jsonPost, jsonPut, openQueuedBody, type TestApp } from './test-app.js';

/** A Stripe secret key and signing secret shaped as Stripe makes them. */
export function stripeTestKeys() {
  return {
    secretKey: `sk_test_${randomBytes(16).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
  };
}

/**
 * An app that talks to the Stripe stand-in and listens on 127.0.0.1, so the stand-in can send
 * Stripe's events to it over HTTP as Stripe does.
 */
export async function createPaymentsTestApp(
  standIn: StripeStandIn,
  // Issue 36, later stages: a clock the test moves (the undo's day, the mail budget's hour).
  appOptions: { clock?: () => Date } = {},
): Promise<TestApp & { base: string }> {
  // Webhook receivers of ours may be on 127.0.0.1 too (the payment.* events' tests).
  const t = await createTestApp(
    { STRIPE_API_BASE: standIn.url, WEBHOOKS_ALLOW_PRIVATE: 'true' },
    appOptions,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { base: `http://127.0.0.1:${port}` });
}

/**
 * A contractor whose company took Stripe: the stand-in knows its key, and its events go to the
 * company's webhook URL (on the listening app). Returns the cookie and the keys.
 */
export async function contractorWithStripe(
  t: TestApp & { base: string },
  standIn: StripeStandIn,
  email: string,
  methods: ('card' | 'us_bank_account')[] = ['card', 'us_bank_account'],
) {
  const cookie = await contractorReadyToSend(t, email);
  const keys = stripeTestKeys();
  standIn.addAccount({ secretKey: keys.secretKey, name: `${email} LLC` });
  const saved = await jsonPut(
    t.app,
    '/api/payments/settings',
    { stripe_secret_key: keys.secretKey, stripe_webhook_secret: keys.webhookSecret, methods },
    { cookie, origin: t.origin },
  );
  const { webhook_url } = saved.json<{ webhook_url: string }>();
  const path = new URL(webhook_url).pathname;
  standIn.connectWebhook(keys.secretKey, `${t.base}${path}`, keys.webhookSecret);
  return { cookie, keys, webhookPath: path };
}

/** The standard draft with its first stage (Deposit, 50 %, At signing) collected at signing. */
export function draftWithDeposit(totalCents = 500_000) {
  const draft = sendableDraft(TEST_CLIENT, totalCents);
  const [first, ...rest] = draft.payment_plan_json;
  return { ...draft, payment_plan_json: [{ ...first!, collect_at_signing: true }, ...rest] };
}

/** Creates, signs and sends a contract with a deposit; the contract's id and the link's token. */
export async function sendWithDeposit(
  t: TestApp,
  cookie: string,
  draft: ReturnType<typeof draftWithDeposit> & { language?: 'en' | 'es' } = draftWithDeposit(),
) {
  const origin = { cookie, origin: t.origin };
  const { id } = (await jsonPost(t.app, '/api/contracts', draft, origin)).json<Contract>();
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    origin,
  );
  const sent = await jsonPost(
    t.app,
    `/api/contracts/${id}/send`,
    { client_data: TEST_CLIENT },
    origin,
  );
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const mail = await t.sql.get<{ text: string }>(
    "SELECT text FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
    id,
  );
  const token = /\/esign\/([A-Za-z0-9_-]{43})/.exec(openQueuedBody(t, mail!.text))?.[1] ?? '';
  return { id, token };
}

/** Sends, has the client sign, and opens Checkout for the deposit: the session's id. */
export async function signedAndAtCheckout(
  t: TestApp,
  standIn: StripeStandIn,
  cookie: string,
): Promise<{ id: number; token: string; sessionId: string }> {
  const { id, token } = await sendWithDeposit(t, cookie);
  const signed = await clientSigns(t, token);
  if (signed.statusCode !== 200) throw new Error(`sign failed: ${signed.body}`);
  const paid = await jsonPost(t.app, `/api/esign/${token}/pay`, {});
  const { url } = paid.json<{ url: string }>();
  const sessionId = new URL(url).pathname.split('/').pop() ?? '';
  if (!standIn.sessions.has(sessionId)) throw new Error(`no session behind ${url}`);
  return { id, token, sessionId };
}
