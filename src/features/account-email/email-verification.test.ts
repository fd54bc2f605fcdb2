import { SIGNED_UP_OWNER } from '../../test/people.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import type { SecurityLogPage } from '../../domain/security-events.js';
import { lastMail, linkTokenIn, queuedMails } from '../../test/account-mail.js';
import { TEST_CLIENT } from '../../test/contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';

/**
 * Email verification on an open server (issue 34, docs/decisions/043): a new company gets a link
 * (48 hours, once), may not send a contract until it follows it, whichever way it sends, and may
 * ask for the link again three times an hour. Time is the app's clock, moved by hand.
 */
const HOUR_MS = 60 * 60 * 1000;
const T0 = Date.parse('2026-12-01T09:00:00.000Z');
let nowMs = T0;
let t: TestApp;
let count = 0;
const password = 'correct horse';

beforeAll(async () => {
  t = await createTestApp(
    { SIGNUP_MODE: 'open', SIGNUP_EMAILS_VERIFIED: 'false' },
    { clock: () => new Date(nowMs) },
  );
  // The install's first account, verified by how it came: every later one is a stranger.
  await signUp(t.app, { email: 'host@example.com', password, company_name: 'Host' });
});
afterAll(() => t.close());

function company(name = 'Birch Co') {
  count += 1;
  return { email: `verify${count}@example.com`, password, company_name: name };
}

/** A new company on the open server, the legal acknowledgment accepted: all but verified. */
async function newCompany(headers: Record<string, string> = {}) {
  nowMs = T0;
  const input = company();
  const cookie = await signUp(t.app, input, { headers });
  const accepted = await jsonPost(
    t.app,
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: 'Robin Birch' },
    { cookie },
  );
  expect(accepted.statusCode, accepted.body).toBe(201);
  return { ...input, cookie };
}

async function signedDraft(cookie: string): Promise<number> {
  const draft = await jsonPost(t.app, '/api/contracts', sendableDraft(TEST_CLIENT), { cookie });
  const { id } = draft.json<Contract>();
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    {
      cookie,
    },
  );
  return id;
}

const verify = (token: string, cookie?: string) =>
  jsonPost(t.app, '/api/auth/verify-email', { token }, cookie ? { cookie } : {});

const resend = (cookie: string) =>
  bodylessRequest(t.app, 'POST', '/api/auth/verify-email/resend', { cookie });

async function logTypes(cookie: string): Promise<string[]> {
  const page = (await get(t.app, '/api/auth/security-log', { cookie })).json<SecurityLogPage>();
  return page.events.map((event) => event.type);
}

describe('the sign-up mail on an open server', () => {
  it('holds a 48-hour link to /verify-email/, with HTML and text parts', async () => {
    const { email } = await newCompany();
    const mail = await lastMail(t, 'email_verification', email);
    expect(mail.subject).toBe('Confirm your email address for TradeSign');
    expect(mail.text).toContain(
      `Welcome to TradeSign. Confirm that ${email} is your email address, and you can send your first contract to a client.`,
    );
    const token = linkTokenIn(mail.text, 'verify-email');
    expect(mail.text).toContain(
      `Confirm your email address:\nhttp://localhost:3000/verify-email/${token}\n`,
    );
    expect(mail.text).toContain(
      'The link works once, until December 3, 2026 at 9:00 AM UTC. If it has expired, sign in and ask for a new one.',
    );
    expect(mail.html).toContain(`href="http://localhost:3000/verify-email/${token}"`);
    expect(mail.html).toContain('>Confirm my email address</a>');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('is in Spanish for a company whose browser asked for Spanish', async () => {
    const { email } = await newCompany({ 'accept-language': 'es-MX,es;q=0.9' });
    const mail = await lastMail(t, 'email_verification', email);
    expect(mail.subject).toBe('Confirme su correo electrónico para TradeSign');
    expect(mail.text).toMatch(/^Hola:\n\nLe damos la bienvenida a TradeSign\./);
    expect(mail.text).toContain(
      'El enlace funciona una sola vez, hasta el 3 de diciembre de 2026 a las 9:00 a. m. UTC.',
    );
    expect(mail.html).toContain('>Confirmar mi correo electrónico</a>');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('is not sent to the install’s first account, nor is its token kept in plain text', async () => {
    expect(await queuedMails(t, 'email_verification', 'host@example.com')).toEqual([]);
    const { email } = await newCompany();
    const token = linkTokenIn(
      (await lastMail(t, 'email_verification', email)).text,
      'verify-email',
    );
    expect(await t.databaseFilesHolding(token)).toEqual([]);
  });
});

describe('sending before the email is verified', () => {
  it('is refused with 403 by REST, tRPC and an API key alike, then works once the link is followed', async () => {
    const { email, cookie } = await newCompany();
    const refusal = `Confirm your email address before you send your first contract. We sent a link to ${email}.`;
    const id = await signedDraft(cookie);

    const rest = await jsonPost(
      t.app,
      `/api/contracts/${id}/send`,
      { client_data: TEST_CLIENT },
      {
        cookie,
      },
    );
    expect(rest.statusCode).toBe(403);
    expect(rest.body).toBe(refusal);

    const twin = await trpcMutation(
      t.app,
      'contracts.send',
      { id, client_data: TEST_CLIENT },
      {
        cookie,
      },
    );
    expect(twin.statusCode).toBe(403);
    expect(twin.json<{ error: { message: string } }>().error.message).toBe(refusal);

    const created = await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie });
    const key = created.json<{ key: string }>().key;
    const withKey = await t.app.inject({
      method: 'POST',
      url: `/api/contracts/${id}/send`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify({ client_data: TEST_CLIENT }),
    });
    expect(withKey.statusCode).toBe(403);
    expect(withKey.body).toBe(refusal);
    expect(await queuedMails(t, 'signing_request', TEST_CLIENT.email)).toHaveLength(0);

    // The link, opened signed out on another device.
    const token = linkTokenIn(
      (await lastMail(t, 'email_verification', email)).text,
      'verify-email',
    );
    const verified = await verify(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ email, email_verified: true });
    expect((await get(t.app, '/api/auth/user', { cookie })).json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email,
        email_verified: true,
        two_factor_enabled: false,
        recovery_codes_left: 0,
      },
    });
    expect(await logTypes(cookie)).toEqual(['email_verified', 'account_created']);

    const sent = await jsonPost(
      t.app,
      `/api/contracts/${id}/send`,
      { client_data: TEST_CLIENT },
      {
        cookie,
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe('a verification link', () => {
  it('works once: the second use says it was used, by either transport', async () => {
    const { email, cookie } = await newCompany();
    const token = linkTokenIn(
      (await lastMail(t, 'email_verification', email)).text,
      'verify-email',
    );
    const twin = await trpcMutation(t.app, 'auth.verifyEmail', { token }, { cookie });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(twin.json()).toEqual({ result: { data: { email, email_verified: true } } });
    const again = await verify(token, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('This link was already used. Ask for a new one if you still need it.');
    expect(await logTypes(cookie)).toEqual(['email_verified', 'account_created']);
  });

  it('expires after 48 hours, and a made-up one is not valid', async () => {
    const { email } = await newCompany();
    const token = linkTokenIn(
      (await lastMail(t, 'email_verification', email)).text,
      'verify-email',
    );
    nowMs = T0 + 48 * HOUR_MS;
    const late = await verify(token);
    expect(late.statusCode).toBe(400);
    expect(late.body).toBe('This link has expired. Ask for a new one.');
    const madeUp = await verify('x'.repeat(43));
    expect(madeUp.body).toBe(
      'This link is not valid. Check that it was copied whole, or ask for a new one.',
    );
  });
});

describe('asking for the link again', () => {
  it('sends a newer link that replaces the older, three an hour with the sign-up’s, then says when', async () => {
    const { email, cookie } = await newCompany();
    const first = linkTokenIn(
      (await lastMail(t, 'email_verification', email)).text,
      'verify-email',
    );

    nowMs = T0 + 10 * 60_000;
    const again = await resend(cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ sent_to: email, expires_at: '2026-12-03T09:10:00.000Z' });
    nowMs = T0 + 20 * 60_000;
    const twin = await trpcMutation(t.app, 'auth.resendVerification', undefined, { cookie });
    expect(twin.statusCode, twin.body).toBe(200);
    const mails = await queuedMails(t, 'email_verification', email);
    expect(mails).toHaveLength(3);

    // The fourth in the hour: refused until the sign-up's link is an hour old.
    nowMs = T0 + 30 * 60_000;
    const refused = await resend(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(30 * 60));
    expect(refused.body).toBe(
      'We sent you 3 links within the last hour, the most we send. Ask again after December 1, 2026 at 10:00 AM UTC; meanwhile, look for them in your spam folder.',
    );
    expect(await queuedMails(t, 'email_verification', email)).toHaveLength(3);

    nowMs = T0 + HOUR_MS + 1;
    expect((await resend(cookie)).statusCode).toBe(200);

    // Only the newest link works; the older ones say a newer one was sent.
    const replaced = await verify(first);
    expect(replaced.body).toBe(
      'A newer link was sent after this one. Use the newest email, or ask for a new link.',
    );
    const newest = linkTokenIn(
      (await lastMail(t, 'email_verification', email)).text,
      'verify-email',
    );
    expect((await verify(newest)).statusCode).toBe(200);
    expect(await logTypes(cookie)).toEqual([
      'email_verified',
      'email_verification_resent',
      'email_verification_resent',
      'email_verification_resent',
      'account_created',
    ]);

    const verifiedAlready = await resend(cookie);
    expect(verifiedAlready.statusCode).toBe(409);
    expect(verifiedAlready.body).toBe('Your email address is already confirmed.');
  });

  it('is for someone signed in', async () => {
    const answer = await bodylessRequest(t.app, 'POST', '/api/auth/verify-email/resend');
    expect(answer.statusCode).toBe(401);
  });
});
