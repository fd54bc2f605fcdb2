import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import { fakeClock, mailsTo, type FakeClock } from '../../test/account-mail.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import {
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { USER_AGENTS } from '../../test/user-agents.js';

/**
 * Changing the password in Settings → Security (issue 34): the current one is required and a
 * wrong one counts as a failed sign-in; every other device is signed out, this one stays; the
 * owner is mailed. On either engine.
 */
let sink: SmtpSink;
let t: TestApp;
let clock: FakeClock;
let accounts = 0;
const password = 'correct horse';
const newPassword = 'battery staple';

beforeAll(async () => {
  sink = await startSmtpSink();
  clock = fakeClock();
  t = await createTestApp({ SMTP_URL: sink.url }, { signInClock: clock });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

async function newAccount() {
  accounts += 1;
  const email = `change${accounts}@example.com`;
  const cookie = await signUp(t.app, { email, password, company_name: 'Oak Co' });
  return { email, cookie };
}

const login = (email: string, pass: string, remoteAddress?: string) =>
  jsonPost(
    t.app,
    '/api/auth/login',
    { email, password: pass },
    remoteAddress ? { remoteAddress } : {},
  );

function change(cookie: string, current: string, next = newPassword, remoteAddress?: string) {
  return jsonPut(
    t.app,
    '/api/auth/password',
    { current_password: current, new_password: next },
    {
      cookie,
      headers: { 'user-agent': USER_AGENTS.safariOnIphone },
      ...(remoteAddress ? { remoteAddress } : {}),
    },
  );
}

const whoAmI = (cookie: string) => get(t.app, '/api/auth/user', { cookie });

async function logOf(cookie: string) {
  const answer = await get(t.app, '/api/auth/security-log', { cookie });
  return answer.json<SecurityLogPage>().events;
}

describe('changing the password', () => {
  it('keeps this device signed in, signs out the others and mails the owner', async () => {
    const { email, cookie } = await newAccount();
    const phone = cookiePair(await login(email, password), 'session') ?? '';
    const laptop = cookiePair(await login(email, password), 'session') ?? '';

    const done = await change(cookie, password);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, signed_out_sessions: 2 });
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(laptop)).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);

    const [notice] = await mailsTo(t, sink, email);
    expect(notice?.subject).toBe('Your TradeSign password was changed');
    for (const part of [notice?.text ?? '', notice?.html ?? '']) {
      expect(part).toContain('In Settings → Security');
      expect(part).toContain('Safari on iPhone');
      expect(part).toContain('127.0.0.1');
      expect(part).toContain(
        'Every other device that was signed in to your account has been signed out.',
      );
    }
    const changed = (await logOf(cookie)).find((event) => event.type === 'password_changed');
    expect(changed).toMatchObject({
      device: 'Safari on iPhone',
      details: { signed_out_sessions: 2 },
    });
  });

  it('refuses a wrong current password with a 400, and logs it', async () => {
    const { email, cookie } = await newAccount();
    const wrong = await change(cookie, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toBe('Your current password is not right. Please try again.');
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await logOf(cookie)).map((event) => event.type)).toContain('password_change_failed');
    expect(await mailsTo(t, sink, email)).toEqual([]);
  });

  it('counts wrong current passwords as failed sign-ins: the address is stopped, the owner is not', async () => {
    const { email, cookie } = await newAccount();
    const thief = '203.0.113.66';
    // Five wrong sign-ins and five wrong current passwords from one address: ten failures.
    for (let n = 1; n <= 5; n += 1)
      expect((await login(email, `guess ${n}`, thief)).statusCode).toBe(401);
    for (let n = 1; n <= 5; n += 1) {
      expect((await change(cookie, `guess ${n}`, newPassword, thief)).statusCode).toBe(400);
    }
    const stopped = await change(cookie, password, newPassword, thief);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.body).toBe(
      'Too many wrong passwords from here. Please wait a few minutes and try again.',
    );
    expect((await login(email, password, thief)).statusCode).toBe(429);
    // From another address the right password still works, and changes it.
    expect((await change(cookie, password, newPassword, '198.51.100.20')).statusCode).toBe(200);
    clock.advance(15 * 60 * 1000);
    expect((await login(email, newPassword, thief)).statusCode).toBe(200);
  });

  it('refuses a new password that breaks the sign-up rules, or is the current one', async () => {
    const { cookie } = await newAccount();
    const short = await change(cookie, password, '123');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('At least 6 characters');
    const same = await change(cookie, password, password);
    expect(same.statusCode).toBe(400);
    expect(same.body).toBe('The new password is the same as the current one. Choose another.');
  });

  it('is for a signed-in person: 401 without a session, 403 with an API key', async () => {
    const { cookie } = await newAccount();
    const signedOut = await jsonPut(t.app, '/api/auth/password', {
      current_password: password,
      new_password: newPassword,
    });
    expect(signedOut.statusCode).toBe(401);
    const key = (await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie })).json<{
      key: string;
    }>().key;
    const withKey = await jsonPut(
      t.app,
      '/api/auth/password',
      { current_password: password, new_password: newPassword },
      { headers: { authorization: `Bearer ${key}` }, origin: null },
    );
    expect(withKey.statusCode).toBe(403);
    expect(withKey.body).toMatch(/Settings → Security/);
  });

  it('answers its tRPC twin the same', async () => {
    const { email, cookie } = await newAccount();
    const other = cookiePair(await login(email, password), 'session') ?? '';
    const twin = await trpcMutation(
      t.app,
      'auth.password.change',
      { current_password: password, new_password: newPassword },
      { cookie },
    );
    expect(twin.statusCode).toBe(200);
    expect(twin.json<{ result: { data: unknown } }>().result.data).toEqual({
      ok: true,
      signed_out_sessions: 1,
    });
    expect((await whoAmI(other)).statusCode).toBe(401);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const wrong = await trpcMutation(
      t.app,
      'auth.password.change',
      { current_password: password, new_password: 'yet another one' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
  });
});
