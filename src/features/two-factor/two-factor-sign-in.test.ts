import { SIGNED_UP_OWNER } from '../../test/people.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import {
  bodylessRequest,
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  setCookieHeaders,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { normalizeRecoveryCode } from '../../domain/two-factor.schemas.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { claimTotpStep, useRecoveryCode } from './two-factor.repo.js';
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
 * Signing in with two-step sign-in on (issue 34, docs/decisions/042): the password alone opens
 * nothing; a code from the app, once per step, or a recovery code, once, finishes it.
 */
const clock = movableClock();
let t: TestApp;
let accounts = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock, signInClock: clock.signInClock });
});
afterAll(() => t.close());
// Each test starts past the throttle's windows of the one before.
beforeEach(() => clock.advance(20 * 60_000));

async function enrolledAccount() {
  accounts += 1;
  const email = `two-step${accounts}@example.com`;
  const cookie = await signUp(t.app, { email, password: PASSWORD, company_name: 'Oak Co' });
  const enrolled = await enrol(t, cookie, clock);
  return { email, cookie, ...enrolled };
}

async function signUpAnother() {
  accounts += 1;
  const email = `two-step${accounts}@example.com`;
  return signUp(t.app, { email, password: PASSWORD, company_name: 'Elm Co' });
}

async function logOf(cookie: string) {
  const answer = await get(t.app, '/api/auth/security-log', { cookie });
  expect(answer.statusCode).toBe(200);
  return answer.json<SecurityLogPage>().events;
}

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the right password, with a 5-minute pending cookie and no session', async () => {
    const { email } = await enrolledAccount();
    const answer = await jsonPost(t.app, '/api/auth/login', { email, password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ two_factor_required: true });
    const cookies = setCookieHeaders(answer);
    expect(cookies).toHaveLength(1);
    const [pending = ''] = cookies;
    expect(pending).toMatch(/^sign-in-pending=[A-Za-z0-9_-]{43};/);
    expect(pending).toMatch(/; Path=\//);
    expect(pending).toMatch(/; HttpOnly/);
    expect(pending).toMatch(/; SameSite=Lax/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(pending)?.[1] ?? '');
    // Cookie dates are in whole seconds.
    expect(Math.abs(expires - (clock.nowMs() + 5 * 60_000))).toBeLessThan(1000);
    // A wrong password is refused as before, with no cookie at all.
    const wrong = await jsonPost(t.app, '/api/auth/login', { email, password: 'wrong one' });
    expect(wrong.statusCode).toBe(401);
    expect(setCookieHeaders(wrong)).toEqual([]);
  });

  it('gives the pending cookie access to nothing but the second step', async () => {
    const { email } = await enrolledAccount();
    const cookie = await passwordStep(t, email);
    expect((await get(t.app, '/api/auth/user', { cookie })).statusCode).toBe(401);
    const who = await trpcQuery(t.app, 'auth.user', undefined, { cookie });
    expect(who.json()).toEqual({ result: { data: { user: null } } });
    expect((await get(t.app, '/api/contracts', { cookie })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/security-log', { cookie })).statusCode).toBe(401);
    expect((await get(t.app, '/api/prefs', { cookie })).statusCode).toBe(401);
    const setup = await bodylessRequest(t.app, 'POST', '/api/auth/2fa/setup', { cookie });
    expect(setup.statusCode).toBe(401);
    // Even named as the session cookie, its token is no session.
    const asSession = cookie.replace(/^sign-in-pending=/, 'session=');
    expect((await get(t.app, '/api/auth/user', { cookie: asSession })).statusCode).toBe(401);
  });

  it('signs in with a code from the app, and spends the pending cookie', async () => {
    const { email, secret } = await enrolledAccount();
    const pending = await passwordStep(t, email);
    const answer = await secondStep(t, pending, { code: codeAt(secret, clock.nowMs()) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email,
        email_verified: true,
        two_factor_enabled: true,
        recovery_codes_left: 10,
      },
    });
    const session = cookiePair(answer, 'session') ?? '';
    expect(session).toMatch(/^session=./);
    expect(setCookieHeaders(answer).some((line) => /^sign-in-pending=;/.test(line))).toBe(true);
    expect((await get(t.app, '/api/auth/user', { cookie: session })).statusCode).toBe(200);
    const [signIn] = await logOf(session);
    expect(signIn).toMatchObject({ type: 'sign_in', details: { second_step: 'code' } });

    // The pending sign-in was single use: the next step's code does not sign in again with it.
    clock.advance(STEP_MS);
    const again = await secondStep(t, pending, { code: codeAt(secret, clock.nowMs()) });
    expect(again.statusCode).toBe(401);
    expect(again.body).toBe('Your sign-in timed out. Enter your email and password again.');
  });

  it("accepts the previous and next step's codes, refuses one two steps old, and each code once", async () => {
    const { email, secret } = await enrolledAccount();
    // Clear of the step the enrolment spent.
    clock.advance(2 * STEP_MS);
    const now = clock.nowMs();
    const tooOld = await secondStep(t, await passwordStep(t, email), {
      code: codeAt(secret, now, -2),
    });
    expect(tooOld.statusCode).toBe(401);
    expect(tooOld.body).toBe(
      'That code is not right. Enter the newest code from your authenticator app.',
    );
    const previous = await secondStep(t, await passwordStep(t, email), {
      code: codeAt(secret, now, -1),
    });
    expect(previous.statusCode, previous.body).toBe(200);
    const next = await secondStep(t, await passwordStep(t, email), {
      code: codeAt(secret, now, +1),
    });
    expect(next.statusCode, next.body).toBe(200);
    // The same code again, in its window: refused, and so is any older step's.
    const replay = await secondStep(t, await passwordStep(t, email), {
      code: codeAt(secret, now, +1),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toBe('That code was already used. Wait for the next code in your app.');
    const current = await secondStep(t, await passwordStep(t, email), {
      code: codeAt(secret, now),
    });
    expect(current.statusCode).toBe(401);
    // A minute on, the code of that moment signs in.
    clock.advance(2 * STEP_MS);
    const later = await secondStep(t, await passwordStep(t, email), {
      code: codeAt(secret, clock.nowMs()),
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('lets exactly one of two requests racing with the same code in', async () => {
    const { email, secret } = await enrolledAccount();
    const pending = await passwordStep(t, email);
    const code = codeAt(secret, clock.nowMs());
    // On PostgreSQL each runs on its own pooled connection, truly at once; SQLite runs them one
    // after the other on its one connection, as the server does.
    const answers = await Promise.all([
      secondStep(t, pending, { code }),
      secondStep(t, pending, { code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(answers.filter((answer) => cookiePair(answer, 'session'))).toHaveLength(1);
  });

  it('spends a step once when two transactions claim it at the same instant', async () => {
    const { email } = await enrolledAccount();
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'totp_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const claim = {
      sealedSecret: user.totp_secret ?? '',
      step: Math.floor(clock.nowMs() / STEP_MS) + 1,
    };
    const claims = await Promise.all(
      [1, 2, 3].map(() => t.db.transaction().execute((trx) => claimTotpStep(trx, user.id, claim))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A recovery code too: crossed off by one of two at once.
    const [code = ''] = (await enrol(t, await signUpAnother(), clock)).recoveryCodes;
    const owner = await t.db
      .selectFrom('recovery_codes')
      .select('user_id')
      .where('code_hash', '=', hashRecoveryCode(normalizeRecoveryCode(code)))
      .executeTakeFirstOrThrow();
    const uses = await Promise.all(
      [1, 2].map(() =>
        t.db
          .transaction()
          .execute((trx) =>
            useRecoveryCode(
              trx,
              owner.user_id,
              hashRecoveryCode(normalizeRecoveryCode(code)),
              'now',
            ),
          ),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it('times out after 5 minutes', async () => {
    const { email, secret } = await enrolledAccount();
    const pending = await passwordStep(t, email);
    clock.advance(5 * 60_000);
    const late = await secondStep(t, pending, { code: codeAt(secret, clock.nowMs()) });
    expect(late.statusCode).toBe(401);
    expect(late.body).toBe('Your sign-in timed out. Enter your email and password again.');
    expect(cookiePair(late, 'session')).toBeUndefined();
    const none = await secondStep(t, '', { code: codeAt(secret, clock.nowMs()) });
    expect(none.statusCode).toBe(401);
  });

  it('takes each recovery code once, counts what is left, and mails the owner', async () => {
    const { email, recoveryCodes } = await enrolledAccount();
    const [code = ''] = recoveryCodes;
    // Typed in capitals and without its dashes: the same code.
    const typed = code.replace(/-/g, '').toUpperCase();
    const answer = await secondStep(t, await passwordStep(t, email), { recovery_code: typed });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email,
        email_verified: true,
        two_factor_enabled: true,
        recovery_codes_left: 9,
      },
    });
    const session = cookiePair(answer, 'session') ?? '';
    expect((await logOf(session)).slice(0, 2)).toMatchObject([
      { type: 'sign_in', details: { second_step: 'recovery_code' } },
      { type: 'recovery_code_used' },
    ]);
    const again = await secondStep(t, await passwordStep(t, email), { recovery_code: code });
    expect(again.statusCode).toBe(401);
    expect(again.body).toBe('That recovery code is not right, or it was already used.');
    const user = await get(t.app, '/api/auth/user', { cookie: session });
    expect(user.json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email,
        email_verified: true,
        two_factor_enabled: true,
        recovery_codes_left: 9,
      },
    });

    const [mail, ...more] = await mailsOf(t, 'recovery_code_used', email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('A recovery code was used to sign in');
    for (const part of [mail?.html ?? '', mail?.text ?? '']) {
      expect(part).toContain(`with a recovery code. That code no longer works; 9 codes are left.`);
      expect(part).toContain('127.0.0.1');
      expect(part).not.toContain(code);
    }
    expect(mail?.text).toContain('http://localhost:3000/settings/security');
  });

  it('refuses wrong codes, logs them, stops codes after 5 a quarter hour, and still takes a recovery code', async () => {
    const { email, secret, cookie, recoveryCodes } = await enrolledAccount();
    const pending = await passwordStep(t, email);
    const wrong = String((Number(codeAt(secret, clock.nowMs())) + 1) % 1e6).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const refused = await secondStep(t, pending, { code: wrong });
      expect(refused.statusCode, `attempt ${attempt}`).toBe(401);
    }
    // The sixth code, even the right one, waits for the window to end.
    const capped = await secondStep(t, pending, { code: codeAt(secret, clock.nowMs()) });
    expect(capped.statusCode).toBe(429);
    expect(capped.body).toBe(
      'Too many codes were tried on this account. Wait a few minutes, or use a recovery code.',
    );
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(800);
    // A recovery code still gets the owner in.
    const rescued = await secondStep(t, pending, { recovery_code: recoveryCodes[0] ?? '' });
    expect(rescued.statusCode, rescued.body).toBe(200);

    const failures = (await logOf(cookie)).filter((event) => event.type === 'two_factor_failed');
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatchObject({ ip: '127.0.0.1', details: { second_step: 'code' } });
    // Three wrong codes told the owner once (at most daily), not five times.
    const alerts = await mailsOf(t, 'two_factor_code_alert', email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe('Someone may know your TradeSign password');
    expect(alerts[0]?.text).toContain(
      'then a wrong two-step code 3 times. Nobody got in: the code stopped them.',
    );
    expect(alerts[0]?.html).toContain('wrong two-step code 3 times');
  });

  it('is Origin-checked like the sign-in, and refused to an API key', async () => {
    const { email, secret, cookie } = await enrolledAccount();
    const pending = await passwordStep(t, email);
    const code = codeAt(secret, clock.nowMs());
    const crossSite = await secondStep(t, pending, { code }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const key = await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie });
    const authorization = `Bearer ${key.json<{ key: string }>().key}`;
    const withKey = await secondStep(t, pending, { code }, { headers: { authorization } });
    expect(withKey.statusCode).toBe(403);
    // Neither spent the code nor the pending sign-in.
    expect((await secondStep(t, pending, { code })).statusCode).toBe(200);
  });

  it('wants exactly one of code and recovery_code', async () => {
    const { email, secret, recoveryCodes } = await enrolledAccount();
    const pending = await passwordStep(t, email);
    const both = await secondStep(t, pending, {
      code: codeAt(secret, clock.nowMs()),
      recovery_code: recoveryCodes[0] ?? '',
    });
    expect(both.statusCode).toBe(400);
    expect((await secondStep(t, pending, {})).statusCode).toBe(400);
    const letters = await secondStep(t, pending, { code: 'abcdef' });
    expect(letters.statusCode).toBe(400);
    expect(letters.body).toMatch(/Enter the 6-digit code from your authenticator app/);
  });

  it('has a tRPC twin that signs in the same way', async () => {
    const { email, secret } = await enrolledAccount();
    const first = await trpcMutation(t.app, 'auth.login', { email, password: PASSWORD });
    expect(first.json()).toEqual({ result: { data: { two_factor_required: true } } });
    const pending = cookiePair(first, 'sign-in-pending') ?? '';
    const code = codeAt(secret, clock.nowMs());
    const second = await trpcMutation(t.app, 'auth.loginTwoFactor', { code }, { cookie: pending });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({
      result: {
        data: {
          user: {
            ...SIGNED_UP_OWNER,
            email,
            email_verified: true,
            two_factor_enabled: true,
            recovery_codes_left: 10,
          },
        },
      },
    });
    expect(cookiePair(second, 'session')).toMatch(/^session=./);
    const replay = await trpcMutation(
      t.app,
      'auth.loginTwoFactor',
      { code },
      { cookie: await passwordStep(t, email) },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ error: { message: string } }>().error.message).toBe(
      'That code was already used. Wait for the next code in your app.',
    );
  });
});
