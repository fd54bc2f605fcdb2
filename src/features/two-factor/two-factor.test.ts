import { SIGNED_UP_OWNER } from '../../test/people.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import type { RecoveryCodesAnswer, TwoFactorSetup } from '../../domain/two-factor.schemas.js';
import {
  bodylessRequest,
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import {
  codeAt,
  enrol,
  mailsOf,
  movableClock,
  PASSWORD,
  passwordStep,
  secondStep,
  STEP_MS,
} from '../../test/two-factor-flow.js';

/**
 * Two-step sign-in in Settings → Security (issue 34, docs/decisions/042): turning it on with a
 * code from the shown key, the recovery codes shown once, turning it off and replacing the codes
 * with the password and a code; each a line in the log and a mail in the account's language.
 */
const clock = movableClock();
let t: TestApp;
let accounts = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock, signInClock: clock.signInClock });
});
afterAll(() => t.close());
beforeEach(() => clock.advance(20 * 60_000));

async function newAccount(headers: Record<string, string> = {}) {
  accounts += 1;
  const email = `settings${accounts}@example.com`;
  const cookie = await signUp(
    t.app,
    { email, password: PASSWORD, company_name: 'Birch Co' },
    { headers },
  );
  return { email, cookie };
}

async function whoAmI(cookie: string) {
  const answer = await get(t.app, '/api/auth/user', { cookie });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ user: Record<string, unknown> }>().user;
}

async function logTypes(cookie: string) {
  const answer = await get(t.app, '/api/auth/security-log', { cookie });
  return answer.json<SecurityLogPage>().events.map((event) => event.type);
}

const setup = async (cookie: string) => {
  const answer = await bodylessRequest(t.app, 'POST', '/api/auth/2fa/setup', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TwoFactorSetup>();
};

const CODE_SHAPE = /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/;

describe('turning two-step sign-in on', () => {
  it('shows a key as text, URL and QR code, and changes nothing until a code from it', async () => {
    const { email, cookie } = await newAccount();
    expect(await whoAmI(cookie)).toEqual({
      ...SIGNED_UP_OWNER,
      email,
      email_verified: true,
      two_factor_enabled: false,
      recovery_codes_left: 0,
    });
    const first = await setup(cookie);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauth_url).toBe(
      `otpauth://totp/TradeSign:${encodeURIComponent(email)}?issuer=TradeSign&algorithm=SHA1&secret=${first.secret}&period=30&digits=6`,
    );
    expect(first.qr_svg).toMatch(/^<svg /);
    expect((await whoAmI(cookie)).two_factor_enabled).toBe(false);
    // Signing in still takes the password only.
    const login = await jsonPost(t.app, '/api/auth/login', { email, password: PASSWORD });
    expect(cookiePair(login, 'session')).toBeDefined();

    // Asking again makes a new key; the first one's codes no longer turn it on.
    const second = await setup(cookie);
    expect(second.secret).not.toBe(first.secret);
    const stale = await jsonPost(
      t.app,
      '/api/auth/2fa/enable',
      { code: codeAt(first.secret, clock.nowMs()) },
      { cookie },
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toMatch(/^That code is not right\./);
    const enabled = await jsonPost(
      t.app,
      '/api/auth/2fa/enable',
      { code: codeAt(second.secret, clock.nowMs()) },
      { cookie },
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json<RecoveryCodesAnswer>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(await whoAmI(cookie)).toEqual({
      ...SIGNED_UP_OWNER,
      email,
      email_verified: true,
      two_factor_enabled: true,
      recovery_codes_left: 10,
    });
    expect((await logTypes(cookie))[0]).toBe('two_factor_enabled');

    // On: the key cannot be swapped by a second setup, nor turned on twice.
    const again = await bodylessRequest(t.app, 'POST', '/api/auth/2fa/setup', { cookie });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('Two-step sign-in is already on.');
  });

  it('refuses enable without a setup, and with a malformed code', async () => {
    const { cookie } = await newAccount();
    const none = await jsonPost(t.app, '/api/auth/2fa/enable', { code: '123456' }, { cookie });
    expect(none.statusCode).toBe(400);
    expect(none.body).toBe('Start again with “Turn on”: there is no key being set up.');
    const { secret } = await setup(cookie);
    const short = await jsonPost(t.app, '/api/auth/2fa/enable', { code: '12345' }, { cookie });
    expect(short.statusCode).toBe(400);
    expect(short.body).toMatch(/Enter the 6-digit code from your authenticator app/);
    expect((await whoAmI(cookie)).two_factor_enabled).toBe(false);
    // Typed with a space, as apps show codes ("123 456"): the same code.
    const code = codeAt(secret, clock.nowMs());
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const on = await jsonPost(t.app, '/api/auth/2fa/enable', { code: spaced }, { cookie });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('mails the owner in English, with HTML and text parts, the time, device and address', async () => {
    const { email, cookie } = await newAccount();
    await enrol(t, cookie, clock);
    const [mail, ...more] = await mailsOf(t, 'two_factor_enabled', email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Two-step sign-in was turned on');
    for (const part of [mail?.html ?? '', mail?.text ?? '']) {
      expect(part).toContain(
        `Two-step sign-in was turned on for your TradeSign account (${email}).`,
      );
      expect(part).toContain('December 2, 2026 at');
      expect(part).toContain('Unknown device');
      expect(part).toContain('127.0.0.1');
      expect(part).toContain('http://localhost:3000/settings/security');
    }
    expect(mail?.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(mail?.text).not.toMatch(/<[a-z]/i);
  });

  it('mails a Spanish-speaking owner in Spanish', async () => {
    const { email, cookie } = await newAccount({ 'accept-language': 'es-MX,es;q=0.9' });
    await enrol(t, cookie, clock);
    const [on] = await mailsOf(t, 'two_factor_enabled', email);
    expect(on?.subject).toBe('Se activó la verificación en dos pasos');
    expect(on?.html).toContain('<html lang="es">');
    for (const part of [on?.html ?? '', on?.text ?? '']) {
      expect(part).toContain('Se activó la verificación en dos pasos en su cuenta de TradeSign');
      expect(part).toContain('diciembre de 2026');
      expect(part).toContain('Dispositivo desconocido');
      expect(part).toContain('Abrir la configuración de seguridad');
    }
  });
});

describe('turning it off and replacing the recovery codes', () => {
  it('turns it off with the password and a code: codes gone, sign-in by password, a mail', async () => {
    const { email, cookie } = await newAccount();
    const { secret } = await enrol(t, cookie, clock);
    const code = codeAt(secret, clock.nowMs());
    const wrongPassword = await jsonPost(
      t.app,
      '/api/auth/2fa/disable',
      { password: 'not it', code },
      { cookie },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.body).toBe('That password is not right.');
    const wrongCode = await jsonPost(
      t.app,
      '/api/auth/2fa/disable',
      { password: PASSWORD, code: '000000' === code ? '111111' : '000000' },
      { cookie },
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.body).toMatch(/^That code is not right\./);
    expect((await whoAmI(cookie)).two_factor_enabled).toBe(true);

    const off = await jsonPost(
      t.app,
      '/api/auth/2fa/disable',
      { password: PASSWORD, code },
      { cookie },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ok: true });
    expect(await whoAmI(cookie)).toEqual({
      ...SIGNED_UP_OWNER,
      email,
      email_verified: true,
      two_factor_enabled: false,
      recovery_codes_left: 0,
    });
    const left = await t.db
      .selectFrom('recovery_codes')
      .innerJoin('users', 'users.id', 'recovery_codes.user_id')
      .select('recovery_codes.id')
      .where('users.email', '=', email)
      .execute();
    expect(left).toEqual([]);
    const user = await t.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret', 'totp_enabled_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null });
    const login = await jsonPost(t.app, '/api/auth/login', { email, password: PASSWORD });
    expect(cookiePair(login, 'session')).toMatch(/^session=./);
    expect((await logTypes(cookie)).slice(0, 2)).toEqual(['sign_in', 'two_factor_disabled']);
    const [mail] = await mailsOf(t, 'two_factor_disabled', email);
    expect(mail?.subject).toBe('Two-step sign-in was turned off');
    expect(mail?.text).toContain('Signing in now asks for your password only');
  });

  it('turns it off with a recovery code, for an owner who lost the phone', async () => {
    const { cookie, email } = await newAccount();
    const { recoveryCodes } = await enrol(t, cookie, clock);
    const off = await jsonPost(
      t.app,
      '/api/auth/2fa/disable',
      { password: PASSWORD, code: recoveryCodes[3] },
      { cookie },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await whoAmI(cookie)).two_factor_enabled).toBe(false);
    expect((await logTypes(cookie)).slice(0, 2)).toEqual([
      'two_factor_disabled',
      'recovery_code_used',
    ]);
    expect(await mailsOf(t, 'two_factor_disabled', email)).toHaveLength(1);
  });

  it('replaces the recovery codes: the old ones stop working, the new ones work', async () => {
    const { email, cookie } = await newAccount();
    const { secret, recoveryCodes } = await enrol(t, cookie, clock);
    const renewed = await jsonPost(
      t.app,
      '/api/auth/2fa/recovery-codes',
      { password: PASSWORD, code: codeAt(secret, clock.nowMs()) },
      { cookie },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<RecoveryCodesAnswer>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const old = await secondStep(t, await passwordStep(t, email), {
      recovery_code: recoveryCodes[0] ?? '',
    });
    expect(old.statusCode).toBe(401);
    const now = await secondStep(t, await passwordStep(t, email), {
      recovery_code: fresh[0] ?? '',
    });
    expect(now.statusCode, now.body).toBe(200);
    expect((await whoAmI(cookie)).recovery_codes_left).toBe(9);
    expect(await logTypes(cookie)).toContain('recovery_codes_replaced');
    const [mail] = await mailsOf(t, 'recovery_codes_replaced', email);
    expect(mail?.subject).toBe('Your recovery codes were replaced');
    for (const part of [mail?.html ?? '', mail?.text ?? '']) {
      expect(part).toContain('The old ones no longer work.');
      for (const code of fresh) expect(part).not.toContain(code);
    }
  });

  it('spends a code once when two changes race with it: one runs, the other is told', async () => {
    const { cookie } = await newAccount();
    const { secret } = await enrol(t, cookie, clock);
    const code = codeAt(secret, clock.nowMs());
    const body = { password: PASSWORD, code };
    const [renew, off] = await Promise.all([
      jsonPost(t.app, '/api/auth/2fa/recovery-codes', body, { cookie }),
      jsonPost(t.app, '/api/auth/2fa/disable', body, { cookie }),
    ]);
    const statuses = [renew.statusCode, off.statusCode];
    expect(statuses.sort()).toEqual([200, 400]);
    const loser = renew.statusCode === 400 ? renew : off;
    expect(loser.body).toMatch(/already used|is off/);
  });
});

describe('who may call it', () => {
  it('answers 401 to a stranger and 403 to an API key, on REST and tRPC alike', async () => {
    const { cookie } = await newAccount();
    const key = await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie });
    const headers = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
    const body = { password: PASSWORD, code: '123456' };
    const calls = [
      ['/api/auth/2fa/setup', 'auth.twoFactor.setup', undefined],
      ['/api/auth/2fa/enable', 'auth.twoFactor.enable', { code: '123456' }],
      ['/api/auth/2fa/disable', 'auth.twoFactor.disable', body],
      ['/api/auth/2fa/recovery-codes', 'auth.twoFactor.recoveryCodes', body],
    ] as const;
    for (const [url, procedure, input] of calls) {
      const rest = input
        ? await jsonPost(t.app, url, input, { headers })
        : await bodylessRequest(t.app, 'POST', url, { headers });
      expect([url, rest.statusCode]).toEqual([url, 403]);
      expect(rest.body).toMatch(/Settings → Security/);
      const twin = await trpcMutation(t.app, procedure, input, { headers });
      expect([procedure, twin.statusCode]).toEqual([procedure, 403]);
      const stranger = input
        ? await jsonPost(t.app, url, input)
        : await bodylessRequest(t.app, 'POST', url);
      expect([url, stranger.statusCode]).toEqual([url, 401]);
    }
  });

  it('has tRPC twins that do the same', async () => {
    const { email, cookie } = await newAccount();
    const set = await trpcMutation(t.app, 'auth.twoFactor.setup', undefined, { cookie });
    const { secret, qr_svg } = set.json<{ result: { data: TwoFactorSetup } }>().result.data;
    expect(qr_svg).toMatch(/^<svg /);
    const on = await trpcMutation(
      t.app,
      'auth.twoFactor.enable',
      { code: codeAt(secret, clock.nowMs()) },
      { cookie },
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(
      on.json<{ result: { data: RecoveryCodesAnswer } }>().result.data.recovery_codes,
    ).toHaveLength(10);
    clock.advance(STEP_MS);
    const renewed = await trpcMutation(
      t.app,
      'auth.twoFactor.recoveryCodes',
      { password: PASSWORD, code: codeAt(secret, clock.nowMs()) },
      { cookie },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    clock.advance(STEP_MS);
    const off = await trpcMutation(
      t.app,
      'auth.twoFactor.disable',
      { password: PASSWORD, code: codeAt(secret, clock.nowMs()) },
      { cookie },
    );
    expect(off.json()).toEqual({ result: { data: { ok: true } } });
    expect(await logTypes(cookie)).toEqual([
      'two_factor_disabled',
      'recovery_codes_replaced',
      'two_factor_enabled',
      'account_created',
    ]);
    expect(await mailsOf(t, 'two_factor_disabled', email)).toHaveLength(1);
  });
});
