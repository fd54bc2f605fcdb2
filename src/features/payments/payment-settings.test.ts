import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { joinedMember } from '../../test/team-flow.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPut,
  signUp,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import type { PaymentSettings } from './payments.schemas.js';

/**
 * Settings → Payments (issue 36): a company connects its own Stripe account with a secret key
 * and a webhook signing secret, both sealed at rest and only ever answered masked; Test
 * connection reads the account through the stand-in; only an owner changes or tests it, and no
 * company sees another's. Runs on both engines.
 */
let t: TestApp;
let stripe: StripeStandIn;
let companies = 0;

const SECRET_KEY = 'sk_test_51GreenleafSecretKey0000AbCd';
const WEBHOOK_SECRET = 'whsec_GreenleafSigningSecret0000WxYz';
const json = { accept: 'application/json' };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** The owner's email of each company a test made, by the owner's cookie. */
const ownerEmails = new Map<string, string>();

/** A company of its own whose owner is named Pat Lee: the owner's cookie. */
async function newCompany(name = 'Greenleaf Landscaping'): Promise<string> {
  companies += 1;
  const email = `payments-owner${companies}@example.com`;
  const cookie = await signUp(t.app, { email, password: 'correct horse', company_name: name });
  await t.sql.run("UPDATE users SET name = 'Pat Lee' WHERE email = ?", email);
  ownerEmails.set(cookie, email);
  return cookie;
}

/** The company's stored secrets, as the database holds them. */
const storedSecretsOf = (cookie: string) =>
  t.sql.get<{ key: string | null; secret: string | null }>(
    `SELECT stripe_secret_key AS key, stripe_webhook_secret AS secret FROM payment_settings
      WHERE company_id = (SELECT company_id FROM users WHERE email = ?)`,
    ownerEmails.get(cookie),
  );

async function settingsOf(cookie: string, app: TestApp = t): Promise<PaymentSettings> {
  const answer = await get(app.app, '/api/payments/settings', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PaymentSettings>();
}

const save = (cookie: string, body: unknown, app: TestApp = t) =>
  jsonPut(app.app, '/api/payments/settings', body, { cookie, headers: json });

const testConnection = (cookie: string, app: TestApp = t) =>
  bodylessRequest(app.app, 'POST', '/api/payments/settings/test', { cookie, headers: json });

const errorOf = (answer: { json: <T>() => T }) =>
  answer.json<{ error: { code: string; message: string } }>().error;

describe('reading the settings', () => {
  it('gives each company its own webhook URL, the same on every read, and the events to pick', async () => {
    const first = await newCompany();
    const second = await newCompany('Summit Roofing');

    const read = await settingsOf(first);
    const hookId = /^http:\/\/localhost:3000\/api\/payments\/stripe\/([A-Za-z0-9_-]{22})$/.exec(
      read.webhook_url,
    )?.[1];
    expect(hookId, read.webhook_url).toBeDefined();
    expect(read).toEqual({
      connected: false,
      stripe_secret_key: null,
      stripe_webhook_secret: null,
      methods: ['card'],
      webhook_url: `http://localhost:3000/api/payments/stripe/${hookId}`,
      webhook_events: [
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'charge.refunded',
      ],
      account_name: null,
      receipt_alerts_enabled: true,
    });
    expect((await settingsOf(first)).webhook_url).toBe(read.webhook_url);
    expect((await settingsOf(second)).webhook_url).not.toBe(read.webhook_url);
    expect(
      await t.sql.value<number>('SELECT COUNT(*) FROM payment_settings WHERE hook_id = ?', hookId),
    ).toBe(1);

    // The tRPC twin answers the same.
    const twin = await trpcQuery(t.app, 'payments.settings', undefined, { cookie: first });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(twin.json<{ result: { data: PaymentSettings } }>().result.data).toEqual(read);
  });

  it('asks who is signed in first', async () => {
    const answer = await get(t.app, '/api/payments/settings', { headers: json });
    expect(answer.statusCode).toBe(401);
  });
});

describe('saving the keys', () => {
  it('stores both secrets sealed, in no database file in plain text, and answers them masked', async () => {
    const cookie = await newCompany();
    const saved = await save(cookie, {
      stripe_secret_key: SECRET_KEY,
      stripe_webhook_secret: WEBHOOK_SECRET,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      connected: true,
      stripe_secret_key: 'sk_test_…AbCd',
      stripe_webhook_secret: 'whsec_…WxYz',
    });
    expect(await settingsOf(cookie)).toMatchObject({
      connected: true,
      stripe_secret_key: 'sk_test_…AbCd',
      stripe_webhook_secret: 'whsec_…WxYz',
    });
    expect(saved.body).not.toContain('GreenleafSecretKey');
    expect(saved.body).not.toContain('GreenleafSigningSecret');

    const stored = await storedSecretsOf(cookie);
    expect(stored?.key).toMatch(/^v1\./);
    expect(stored?.secret).toMatch(/^v1\./);
    for (const plain of ['51GreenleafSecretKey0000AbCd', 'GreenleafSigningSecret0000WxYz']) {
      expect(await t.databaseFilesHolding(plain)).toEqual([]);
    }
  });

  it('trims what was pasted, and takes a restricted key', async () => {
    const cookie = await newCompany();
    const saved = await save(cookie, { stripe_secret_key: '  rk_live_51RestrictedKey9876  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      connected: false,
      stripe_secret_key: 'rk_live_…9876',
      stripe_webhook_secret: null,
    });
  });

  it('refuses a publishable key and a malformed one in the words of the form', async () => {
    const cookie = await newCompany();
    const publishable = await save(cookie, { stripe_secret_key: 'pk_test_51Publishable0000' });
    expect(publishable.statusCode).toBe(400);
    expect(errorOf(publishable)).toEqual({
      code: 'BAD_REQUEST',
      message:
        'stripe_secret_key: That is a publishable key (pk_…). Paste the secret key (sk_…) or a restricted key (rk_…).',
    });

    const malformed = await save(cookie, { stripe_secret_key: 'sk_test_short' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe(
      'stripe_secret_key: A Stripe secret key starts with sk_live_, sk_test_, rk_live_ or rk_test_',
    );

    const notAWebhookSecret = await save(cookie, { stripe_webhook_secret: SECRET_KEY });
    expect(notAWebhookSecret.statusCode).toBe(400);
    expect(errorOf(notAWebhookSecret).message).toBe(
      "stripe_webhook_secret: A webhook signing secret starts with whsec_ (Stripe shows it under the endpoint's Signing secret)",
    );
    // Nothing refused was kept.
    expect(await settingsOf(cookie)).toMatchObject({
      stripe_secret_key: null,
      stripe_webhook_secret: null,
    });
  });

  it('keeps a secret left out, and disconnects one sent empty', async () => {
    const cookie = await newCompany();
    await save(cookie, { stripe_secret_key: SECRET_KEY, stripe_webhook_secret: WEBHOOK_SECRET });

    const methodsOnly = await save(cookie, { methods: ['card', 'us_bank_account'] });
    expect(methodsOnly.json()).toMatchObject({
      connected: true,
      stripe_secret_key: 'sk_test_…AbCd',
      stripe_webhook_secret: 'whsec_…WxYz',
    });

    const keyCleared = await save(cookie, { stripe_secret_key: '' });
    expect(keyCleared.statusCode, keyCleared.body).toBe(200);
    expect(keyCleared.json()).toMatchObject({
      connected: false,
      stripe_secret_key: null,
      stripe_webhook_secret: 'whsec_…WxYz',
    });

    const bothCleared = await save(cookie, { stripe_secret_key: '', stripe_webhook_secret: '' });
    expect(bothCleared.json()).toMatchObject({
      connected: false,
      stripe_secret_key: null,
      stripe_webhook_secret: null,
    });
    expect(await storedSecretsOf(cookie)).toEqual({ key: null, secret: null });
  });
});

describe('the methods and the receipt alert', () => {
  it('offers card and US bank account as chosen, each once, at least one', async () => {
    const cookie = await newCompany();
    const both = await save(cookie, { methods: ['us_bank_account', 'card'] });
    expect(both.statusCode, both.body).toBe(200);
    expect((await settingsOf(cookie)).methods).toEqual(['us_bank_account', 'card']);

    const none = await save(cookie, { methods: [] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe('methods: Offer at least one way to pay');
    const twice = await save(cookie, { methods: ['card', 'card'] });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).message).toBe('methods: Each method once');
    const unknown = await save(cookie, { methods: ['paypal'] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe('methods.0: Methods are card and us_bank_account');
    expect((await settingsOf(cookie)).methods).toEqual(['us_bank_account', 'card']);
  });

  it('turns the "Payment received" mail off and on', async () => {
    const cookie = await newCompany();
    const off = await save(cookie, { receipt_alerts_enabled: false });
    expect(off.json()).toMatchObject({ receipt_alerts_enabled: false });
    expect((await settingsOf(cookie)).receipt_alerts_enabled).toBe(false);
    const on = await save(cookie, { receipt_alerts_enabled: true });
    expect(on.json()).toMatchObject({ receipt_alerts_enabled: true });
  });
});

describe('a member of the company', () => {
  it('reads the settings, masked, but may neither change nor test them', async () => {
    const owner = await newCompany();
    await save(owner, { stripe_secret_key: SECRET_KEY, stripe_webhook_secret: WEBHOOK_SECRET });
    const member = await joinedMember(t, owner, {
      email: `crew${companies}@example.com`,
      name: 'Sam Diaz',
    });

    const read = await settingsOf(member);
    expect(read).toEqual(await settingsOf(owner));
    expect(read).toMatchObject({ connected: true, stripe_secret_key: 'sk_test_…AbCd' });

    const refusal = {
      code: 'FORBIDDEN',
      message: 'Only an owner can manage payments. Ask Pat Lee.',
    };
    const changed = await save(member, { stripe_secret_key: '' });
    expect(changed.statusCode).toBe(403);
    expect(errorOf(changed)).toEqual(refusal);
    const tested = await testConnection(member);
    expect(tested.statusCode).toBe(403);
    expect(errorOf(tested)).toEqual(refusal);
    expect(stripe.requests.filter((request) => request.path === '/v1/account')).toEqual([]);
    expect((await settingsOf(owner)).connected).toBe(true);
  });
});

describe('Test connection', () => {
  it('reads the account with the saved key, answers its name, and keeps it', async () => {
    const cookie = await newCompany();
    const key = 'sk_test_51ConnectedAccount0000Ok42';
    stripe.addAccount({ secretKey: key, name: 'Greenleaf Landscaping LLC' });
    await save(cookie, { stripe_secret_key: key, stripe_webhook_secret: WEBHOOK_SECRET });

    const tested = await testConnection(cookie);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toEqual({
      ok: true,
      account_name: 'Greenleaf Landscaping LLC',
      live: false,
    });
    expect((await settingsOf(cookie)).account_name).toBe('Greenleaf Landscaping LLC');
    const call = stripe.requests.filter((request) => request.path === '/v1/account').at(-1);
    expect(call?.method).toBe('GET');
    expect(call?.account).toMatch(/^acct_test_/);

    // Another key may be another account: the name is read again.
    await save(cookie, { stripe_secret_key: 'sk_test_51AnotherAccount0000No77' });
    expect((await settingsOf(cookie)).account_name).toBeNull();
  });

  it('asks for a key before there is one', async () => {
    const cookie = await newCompany();
    const tested = await testConnection(cookie);
    expect(tested.statusCode).toBe(400);
    expect(errorOf(tested)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Save a Stripe secret key first.',
    });
  });

  it('says so when Stripe refuses the key, and never repeats the key', async () => {
    const cookie = await newCompany();
    await save(cookie, { stripe_secret_key: 'sk_test_51UnknownToStripe0000Zz99' });
    const tested = await testConnection(cookie);
    expect(tested.statusCode).toBe(400);
    expect(errorOf(tested)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Stripe refused the key. Check that you pasted the whole secret key.',
    });
    expect(tested.body).not.toContain('UnknownToStripe');
    expect((await settingsOf(cookie)).account_name).toBeNull();
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    // Nothing listens on a port that was free a moment ago.
    const closed = await createTestApp({ STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}` });
    try {
      const cookie = await signUp(closed.app, {
        email: 'unreachable@example.com',
        password: 'correct horse',
        company_name: 'Offline Plumbing',
      });
      await save(cookie, { stripe_secret_key: SECRET_KEY }, closed);
      const tested = await testConnection(cookie, closed);
      expect(tested.statusCode).toBe(502);
      expect(errorOf(tested)).toEqual({
        code: 'BAD_GATEWAY',
        message: 'Stripe could not be reached. Try again in a minute.',
      });
      expect((await settingsOf(cookie, closed)).account_name).toBeNull();
    } finally {
      await closed.close();
    }
  });
});

describe('between companies', () => {
  it("never shows, changes or tests another company's Stripe account", async () => {
    const first = await newCompany();
    const second = await newCompany('Summit Roofing');
    const key = 'sk_test_51FirstCompanyOnly0000Fc11';
    stripe.addAccount({ secretKey: key, name: 'First Company LLC' });
    await save(first, { stripe_secret_key: key, stripe_webhook_secret: WEBHOOK_SECRET });
    expect((await testConnection(first)).statusCode).toBe(200);

    const seen = await settingsOf(second);
    expect(seen).toMatchObject({
      connected: false,
      stripe_secret_key: null,
      stripe_webhook_secret: null,
      account_name: null,
    });
    const secondTest = await testConnection(second);
    expect(secondTest.statusCode).toBe(400);
    expect(errorOf(secondTest).message).toBe('Save a Stripe secret key first.');

    await save(second, { stripe_secret_key: '', methods: ['us_bank_account'] });
    expect(await settingsOf(first)).toMatchObject({
      connected: true,
      stripe_secret_key: 'sk_test_…Fc11',
      methods: ['card'],
      account_name: 'First Company LLC',
    });
  });
});

describe("the company's security log", () => {
  it('says what changed and who changed it, never the keys', async () => {
    const owner = await newCompany('Logged Landscaping');
    expect(
      (
        await save(owner, {
          stripe_secret_key: SECRET_KEY,
          stripe_webhook_secret: WEBHOOK_SECRET,
          methods: ['card', 'us_bank_account'],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await save(owner, { stripe_secret_key: '', receipt_alerts_enabled: false })).statusCode,
    ).toBe(200);
    const log = await get(t.app, '/api/auth/security-log', { cookie: owner });
    const lines = log
      .json<{ events: { type: string; details: Record<string, unknown> | null }[] }>()
      .events.filter((event) => event.type === 'payment_settings_changed');
    expect(lines.map((line) => line.details?.changed)).toEqual([
      'secret key removed, payment emails off',
      'secret key, webhook signing secret, methods (card, us_bank_account)',
    ]);
    expect(log.body).not.toContain(SECRET_KEY);
    expect(log.body).not.toContain(WEBHOOK_SECRET);
  });
});
