import { SIGNED_UP_OWNER } from '../../test/people.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import { fakeClock, mailsTo, resetTokenIn, type FakeClock } from '../../test/account-mail.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import {
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  setCookieHeaders,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { USER_AGENTS } from '../../test/user-agents.js';

/**
 * Setting a new password from the emailed link (issue 34): every session ends, this browser is
 * signed in (not when two-factor is on), the owner is mailed, and a link that no longer works
 * says why. On either engine.
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

async function accountWithLink(headers: Record<string, string> = {}) {
  accounts += 1;
  const email = `reset${accounts}@example.com`;
  const cookie = await signUp(t.app, { email, password, company_name: 'Oak Co' }, { headers });
  expect((await jsonPost(t.app, '/api/auth/forgot', { email })).statusCode).toBe(202);
  const token = resetTokenIn((await mailsTo(t, sink, email)).at(-1)!);
  return { email, cookie, token };
}

const login = (email: string, pass: string) =>
  jsonPost(t.app, '/api/auth/login', { email, password: pass });

const reset = (token: string, pass = newPassword, headers: Record<string, string> = {}) =>
  jsonPost(t.app, '/api/auth/reset', { token, password: pass }, { headers });

const whoAmI = (cookie: string) => get(t.app, '/api/auth/user', { cookie });

describe('resetting the password from the link', () => {
  it('sets it, signs out every session, signs this browser in and mails the owner', async () => {
    const { email, cookie, token } = await accountWithLink();
    const otherDevice = cookiePair(await login(email, password), 'session') ?? '';
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);

    const done = await jsonPost(
      t.app,
      '/api/auth/reset',
      { token, password: newPassword },
      { remoteAddress: '203.0.113.9', headers: { 'user-agent': USER_AGENTS.chromeOnAndroid } },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ signed_in: true, user: { email } });
    const browser = cookiePair(done, 'session') ?? '';
    expect(browser).toMatch(/^session=[a-z2-7]{16}\./);
    expect(setCookieHeaders(done).join()).toMatch(/HttpOnly/);

    // Both sessions from before are out at their next request; this browser is in.
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
    expect((await whoAmI(browser)).json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email,
        email_verified: true,
        two_factor_enabled: false,
        recovery_codes_left: 0,
      },
    });
    const log = await get(t.app, '/api/auth/security-log', { cookie: browser });
    const lines = log.json<SecurityLogPage>().events;
    expect(
      lines.slice(0, 2).map(({ type, ip, device, details }) => ({ type, ip, device, details })),
    ).toEqual([
      {
        type: 'sign_in',
        ip: '203.0.113.9',
        device: 'Chrome on Android',
        details: { via: 'password_reset' },
      },
      {
        type: 'password_reset',
        ip: '203.0.113.9',
        device: 'Chrome on Android',
        details: { signed_out_sessions: 2 },
      },
    ]);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);

    const changed = (await mailsTo(t, sink, email)).find((mail) => /changed/.test(mail.subject));
    expect(changed?.subject).toBe('Your TradeSign password was changed');
    for (const part of [changed?.text ?? '', changed?.html ?? '']) {
      expect(part).toContain('With a link emailed to you');
      expect(part).toContain('December 2, 2026 at 3:00 PM UTC');
      expect(part).toContain('Chrome on Android');
      expect(part).toContain('203.0.113.9');
      expect(part).toContain(
        'Every device that was signed in to your account has been signed out.',
      );
      expect(part).toContain('http://localhost:3000/forgot-password');
    }
    expect(changed?.text).toContain('When: December 2, 2026 at 3:00 PM UTC');
  });

  it('writes the notice in the account’s language', async () => {
    const { email, token } = await accountWithLink({ 'accept-language': 'es' });
    await reset(token, newPassword, { 'user-agent': USER_AGENTS.firefoxOnWindows });
    const changed = (await mailsTo(t, sink, email)).at(-1);
    expect(changed?.subject).toBe('Se cambió la contraseña de su cuenta de TradeSign');
    for (const part of [changed?.text ?? '', changed?.html ?? '']) {
      expect(part).toContain('Firefox en Windows');
      expect(part).toContain('2 de diciembre de 2026');
      expect(part).toContain('Se cerró la sesión en todos los dispositivos');
      for (const english of ['Hello', 'password was changed', ' on Windows', 'December', 'When']) {
        expect(part).not.toContain(english);
      }
    }
    expect(changed?.text).toContain('Cuándo: 2 de diciembre de 2026');
  });

  it('refuses a used link, a replaced one, an expired one and a made-up one, saying which', async () => {
    const used = await accountWithLink();
    expect((await reset(used.token)).statusCode).toBe(200);
    const again = await reset(used.token, 'another password');
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('This link was already used. Ask for a new one if you still need it.');
    expect(setCookieHeaders(again)).toEqual([]);
    // The password is still the one the link set.
    expect((await login(used.email, newPassword)).statusCode).toBe(200);

    const replaced = await accountWithLink();
    await jsonPost(t.app, '/api/auth/forgot', { email: replaced.email });
    expect((await reset(replaced.token)).body).toBe(
      'A newer link was sent after this one. Use the newest email, or ask for a new link.',
    );

    const expired = await accountWithLink();
    clock.advance(60 * 60 * 1000);
    const late = await reset(expired.token);
    expect(late.statusCode).toBe(400);
    expect(late.body).toBe('This link has expired. Ask for a new one.');
    expect((await login(expired.email, password)).statusCode).toBe(200);

    const madeUp = await reset('A'.repeat(43));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.body).toBe(
      'This link is not valid. Check that it was copied whole, or ask for a new one.',
    );
    expect((await jsonPost(t.app, '/api/auth/reset/check', { token: 'short' })).json()).toEqual({
      valid: false,
      reason: 'unknown',
      message: 'This link is not valid. Check that it was copied whole, or ask for a new one.',
    });
  });

  it('holds a new password to the sign-up rules', async () => {
    const { email, token } = await accountWithLink();
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('At least 6 characters');
    // A refused password leaves the link working.
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login(email, newPassword)).statusCode).toBe(200);
  });

  it('sets the password once when the same link is sent twice at once', async () => {
    const { email, token } = await accountWithLink();
    const answers = await Promise.all([
      reset(token, 'first password'),
      reset(token, 'second password'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'first password' : 'second password';
    expect((await login(email, winner)).statusCode).toBe(200);
    const notices = (await mailsTo(t, sink, email)).filter((mail) => /changed/.test(mail.subject));
    expect(notices).toHaveLength(1);
  });

  it('leaves a two-factor account signed out, to sign in with the new password and a code', async () => {
    const { email, cookie, token } = await accountWithLink();
    // Two-factor is another part's work: here it is on as that part turns it on.
    await t.sql.run(
      'UPDATE users SET totp_enabled_at = ? WHERE email = ?',
      new Date(clock.now()).toISOString(),
      email,
    );
    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ signed_in: false, user: null });
    expect(cookiePair(done, 'session')).toBeUndefined();
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    const notices = (await mailsTo(t, sink, email)).filter((mail) => /changed/.test(mail.subject));
    expect(notices).toHaveLength(1);
  });

  it('answers its tRPC twins the same: the check, then the reset with its cookie', async () => {
    const { email, token } = await accountWithLink();
    const check = await trpcMutation(t.app, 'auth.password.checkReset', { token });
    expect(check.json<{ result: { data: unknown } }>().result.data).toMatchObject({
      valid: true,
      email,
    });
    const twin = await trpcMutation(t.app, 'auth.password.reset', { token, password: newPassword });
    expect(twin.statusCode).toBe(200);
    expect(twin.json<{ result: { data: unknown } }>().result.data).toEqual({
      signed_in: true,
      user: { email },
    });
    const browser = cookiePair(twin, 'session') ?? '';
    expect((await whoAmI(browser)).statusCode).toBe(200);
    const used = await trpcMutation(t.app, 'auth.password.reset', { token, password: newPassword });
    expect(used.statusCode).toBe(400);
    expect(used.json<{ error: { message: string } }>().error.message).toMatch(/already used/);
  });
});
