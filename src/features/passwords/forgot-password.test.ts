import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import { fakeClock, mailsTo, resetTokenIn, type FakeClock } from '../../test/account-mail.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import {
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { USER_AGENTS } from '../../test/user-agents.js';
import { FORGOT_ANSWER_FLOOR_MS } from './forgot-password.service.js';

/**
 * "Forgot password" (issue 34): the same answer, in the same time, with or without an account;
 * a mail with a link that works for an hour and replaces the one before; throttled per address
 * and per account, on either engine. The clock is a fake one: its waits are recorded, not slept.
 */
let sink: SmtpSink;
let t: TestApp;
let clock: FakeClock;
let accounts = 0;
const password = 'correct horse';
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  sink = await startSmtpSink();
  clock = fakeClock();
  t = await createTestApp({ SMTP_URL: sink.url }, { signInClock: clock });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

async function newAccount(headers: Record<string, string> = {}) {
  accounts += 1;
  const email = `forgot${accounts}@example.com`;
  const cookie = await signUp(t.app, { email, password, company_name: 'Oak Co' }, { headers });
  return { email, cookie };
}

let addresses = 0;
/** A client address of its own, so one test's counts never reach another's limits. */
function newAddress(): string {
  addresses += 1;
  return `198.51.100.${addresses}`;
}

function forgot(email: string, remoteAddress = newAddress(), headers: Record<string, string> = {}) {
  return jsonPost(t.app, '/api/auth/forgot', { email }, { remoteAddress, headers });
}

const checkLink = (token: string) => jsonPost(t.app, '/api/auth/reset/check', { token });

async function logTypes(cookie: string): Promise<string[]> {
  const answer = await get(t.app, '/api/auth/security-log', { cookie });
  return answer.json<SecurityLogPage>().events.map((event) => event.type);
}

describe('asking for a reset link', () => {
  it('answers the same, after the same wait, whether or not an account uses the email', async () => {
    const { email, cookie } = await newAccount();
    clock.waits.length = 0;
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot('nobody-uses-this@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: true });
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    // Both answers were held to the floor by the injected sleeper (the fake clock stood still).
    expect(clock.waits).toEqual([FORGOT_ANSWER_FLOOR_MS, FORGOT_ANSWER_FLOOR_MS]);

    // The account got one mail with a link; the address with no account got nothing.
    const mails = await mailsTo(t, sink, email);
    expect(mails).toHaveLength(1);
    expect(await mailsTo(t, sink, 'nobody-uses-this@example.com')).toEqual([]);
    const token = resetTokenIn(mails[0]!);
    expect(mails[0]?.html).toContain(`http://localhost:3000/reset-password/${token}`);
    // The account's log says a link was asked for; the stranger's email left no line anywhere.
    expect(await logTypes(cookie)).toEqual(['password_reset_requested', 'account_created']);
    expect(
      await t.sql.value<number>(
        "SELECT count(*) FROM security_events WHERE type = 'password_reset_requested'",
      ),
    ).toBe(1);
  });

  it('mails a link that works for 1 hour, then says it has expired', async () => {
    const { email } = await newAccount();
    expect((await forgot(email)).statusCode).toBe(202);
    const [mail] = await mailsTo(t, sink, email);
    expect(mail?.subject).toBe('Reset your TradeSign password');
    expect(mail?.text).toContain('The link works once, for 1 hour');
    const token = resetTokenIn(mail!);
    const fresh = await checkLink(token);
    expect(fresh.json()).toMatchObject({ valid: true, email });
    expect(fresh.json<{ expires_at: string }>().expires_at).toBe(
      new Date(clock.now() + HOUR_MS).toISOString(),
    );
    clock.advance(HOUR_MS - 1000);
    expect((await checkLink(token)).json()).toMatchObject({ valid: true });
    clock.advance(1000);
    expect((await checkLink(token)).json()).toEqual({
      valid: false,
      reason: 'expired',
      message: 'This link has expired. Ask for a new one.',
    });
  });

  it('makes the older link stop working when a new one is asked for', async () => {
    const { email } = await newAccount();
    await forgot(email);
    const older = resetTokenIn((await mailsTo(t, sink, email))[0]!);
    await forgot(email);
    const mails = await mailsTo(t, sink, email);
    expect(mails).toHaveLength(2);
    const newer = resetTokenIn(mails[1]!);
    expect(newer).not.toBe(older);
    expect((await checkLink(older)).json()).toMatchObject({
      valid: false,
      reason: 'replaced',
      message: 'A newer link was sent after this one. Use the newest email, or ask for a new link.',
    });
    expect((await checkLink(newer)).json()).toMatchObject({ valid: true });
  });

  it('says where the request came from, in the account’s language', async () => {
    const { email } = await newAccount({ 'accept-language': 'es-MX,es;q=0.9' });
    await forgot(email, '203.0.113.50', { 'user-agent': USER_AGENTS.safariOnIphone });
    const [mail] = await mailsTo(t, sink, email);
    expect(mail?.subject).toBe('Restablezca su contraseña de TradeSign');
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain('Se pidió desde Safari en iPhone, en la dirección IP 203.0.113.50.');
      expect(part).toContain('durante 1 hora');
      for (const english of ['Hello', 'Reset your', 'link works', ' on iPhone', 'December']) {
        expect(part).not.toContain(english);
      }
    }
    expect(mail?.html).toContain('<html lang="es">');
    expect(mail?.text).toContain('Elija una nueva contraseña aquí:');
    expect(mail?.text).not.toMatch(/<[a-z/]/i);
  });

  it('keeps the link out of every database file: only its hash is stored', async () => {
    const { email } = await newAccount();
    await forgot(email);
    const token = resetTokenIn((await mailsTo(t, sink, email))[0]!);
    expect(await t.databaseFilesHolding(token)).toEqual([]);
  });

  it('answers its tRPC twin the same, and mails the link', async () => {
    const { email } = await newAccount();
    clock.waits.length = 0;
    const twin = await trpcMutation(t.app, 'auth.password.forgot', { email });
    expect(twin.statusCode).toBe(200);
    expect(twin.json<{ result: { data: unknown } }>().result.data).toEqual({ ok: true });
    expect(clock.waits).toEqual([FORGOT_ANSWER_FLOOR_MS]);
    expect(await mailsTo(t, sink, email)).toHaveLength(1);
    const bad = await jsonPost(t.app, '/api/auth/forgot', { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Invalid email address');
  });
});

describe('reset link throttling', () => {
  it('refuses an address asking too often for one email, and nobody else', async () => {
    const { email } = await newAccount();
    const pest = newAddress();
    for (let ask = 1; ask <= 5; ask += 1) expect((await forgot(email, pest)).statusCode).toBe(202);
    const refused = await forgot(email, pest);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(
      'Too many requests for a reset link from here. Please wait a few minutes and try again.',
    );
    // The same refusal for an email with no account: a 429 tells nothing about accounts.
    for (let ask = 1; ask <= 5; ask += 1) await forgot('nobody-else@example.com', pest);
    expect((await forgot('nobody-else@example.com', pest)).statusCode).toBe(429);
    // The owner, from their own address, still gets a link.
    expect((await forgot(email, newAddress())).statusCode).toBe(202);
  });

  it('caps the mails one account gets from many addresses, and the newest link keeps working', async () => {
    const { email, cookie } = await newAccount();
    for (let ask = 1; ask <= 7; ask += 1) expect((await forgot(email)).statusCode).toBe(202);
    const mails = await mailsTo(t, sink, email);
    expect(mails).toHaveLength(5);
    const newest = resetTokenIn(mails[4]!);
    expect((await checkLink(newest)).json()).toMatchObject({ valid: true });
    // Each ask is in the log, the quiet ones too.
    const asked = (await logTypes(cookie)).filter((type) => type === 'password_reset_requested');
    expect(asked).toHaveLength(7);
    // An hour later links are mailed again.
    clock.advance(HOUR_MS);
    await forgot(email);
    expect(await mailsTo(t, sink, email)).toHaveLength(6);
  });
});
