import { SIGNED_UP_OWNER } from '../../test/people.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
import { TWO_FACTOR_OFF } from '../../domain/two-factor.schemas.js';

/** What a sign-up makes: the owner of a new company, with two-step sign-in off and no name yet. */
const NEW_OWNER = { ...SIGNED_UP_OWNER, ...TWO_FACTOR_OFF };

const DAY_MS = 24 * 60 * 60 * 1000;
const password = 'correct horse';

let emailCounter = 0;
/** A fresh address per test so tests never share an account or a per-email rate-limit counter. */
function freshEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}@example.com`;
}

function account(email = freshEmail()) {
  return { email, password, company_name: 'Acme Roofing' };
}

/** The session id is the public half of the cookie value `<id>.<secret>`. */
function sessionIdOf(cookie: string): string {
  const value = cookie.split('=')[1] ?? '';
  return value.split('.')[0] ?? '';
}

/** tRPC error JSON (non-batched): { error: { message, data: { code, httpStatus } } }. */
function trpcError(response: LightMyRequestResponse) {
  return response.json<{ error: { message: string; data: { code: string; httpStatus: number } } }>()
    .error;
}

function expectCookieCleared(response: LightMyRequestResponse, name = 'session') {
  const line = setCookieHeaders(response).find((header) => header.startsWith(`${name}=`));
  expect(line, 'a Set-Cookie clearing the session').toBeDefined();
  expect(line).toMatch(new RegExp(`^${name}=;`));
  expect(line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
}

describe('REST auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signup creates the account and signs in', async () => {
    const input = account();
    const response = await jsonPost(t.app, '/api/auth/signup', input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { email: input.email, email_verified: true, ...NEW_OWNER },
    });
    const cookie = cookiePair(response, 'session');
    expect(cookie).toMatch(/^session=[a-z2-7]{16}\.[a-z2-7]{52}$/);

    const me = await get(t.app, '/api/auth/user', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: { email: input.email, email_verified: true, ...NEW_OWNER },
    });

    const anonymous = await get(t.app, '/api/auth/user');
    expect(anonymous.statusCode).toBe(401);
  });

  it('a made-up or tampered session cookie is not signed in', async () => {
    const cookie = await signUp(t.app, account());
    const [name, value = ''] = cookie.split('=');
    const [id = '', secret = ''] = value.split('.');
    // Same session id, different secret: the secret hash must be checked, not just the id.
    const tampered = `${name}=${id}.${secret.startsWith('a') ? 'b' : 'a'}${secret.slice(1)}`;
    expect((await get(t.app, '/api/auth/user', { cookie: tampered })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/user', { cookie: 'session=garbage' })).statusCode).toBe(
      401,
    );
    expect((await get(t.app, '/api/auth/user', { cookie })).statusCode).toBe(200);
  });

  it('treats email case-insensitively for signup and login', async () => {
    const signup = await jsonPost(t.app, '/api/auth/signup', account('Mixed@Case.com'));
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({
      user: { email: 'mixed@case.com', email_verified: true, ...NEW_OWNER },
    });

    const login = await jsonPost(t.app, '/api/auth/login', { email: 'mixed@case.com', password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      user: { email: 'mixed@case.com', email_verified: true, ...NEW_OWNER },
    });

    const again = await jsonPost(t.app, '/api/auth/signup', account('MIXED@case.com'));
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('An account with this email already exists. Sign in instead.');
    expect(cookiePair(again, 'session')).toBeUndefined();

    const rows = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', 'mixed@case.com')
      .execute();
    expect(rows).toEqual([{ email: 'mixed@case.com' }]);
  });

  it('two simultaneous signups for one email make one account: one 200, one 409', async () => {
    const email = freshEmail('race');
    const responses = await Promise.all([
      jsonPost(t.app, '/api/auth/signup', account(email)),
      jsonPost(t.app, '/api/auth/signup', account(email.toUpperCase())),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409);
    expect(loser?.body).toBe('An account with this email already exists. Sign in instead.');
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('login sets a new session cookie, different from the signup one', async () => {
    const input = account();
    const signupCookie = await signUp(t.app, input);
    const login = await jsonPost(t.app, '/api/auth/login', { email: input.email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      user: { email: input.email, email_verified: true, ...NEW_OWNER },
    });
    const loginCookie = cookiePair(login, 'session');
    expect(loginCookie).toBeDefined();
    expect(loginCookie).not.toBe(signupCookie);
    expect(sessionIdOf(loginCookie ?? '')).not.toBe(sessionIdOf(signupCookie));

    const me = await get(t.app, '/api/auth/user', { cookie: loginCookie });
    expect(me.json()).toEqual({
      user: { email: input.email, email_verified: true, ...NEW_OWNER },
    });
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const input = account();
    await signUp(t.app, input);
    const wrongPassword = await jsonPost(t.app, '/api/auth/login', {
      email: input.email,
      password: 'not the password',
    });
    const unknownEmail = await jsonPost(t.app, '/api/auth/login', {
      email: freshEmail('nobody'),
      password: 'not the password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.body).toBe('Invalid email or password');
    expect(unknownEmail.headers['content-type']).toBe(wrongPassword.headers['content-type']);
    expect(setCookieHeaders(wrongPassword)).toEqual([]);
    expect(setCookieHeaders(unknownEmail)).toEqual([]);
  });

  it('logout (no body, no content type) ends the session on the server and clears the cookie', async () => {
    const cookie = await signUp(t.app, account());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: t.origin, cookie },
    });
    expect(logout.statusCode).toBe(200);
    expectCookieCleared(logout);

    const row = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdOf(cookie))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // A copy of the old cookie (kept by an attacker or another tab) no longer works.
    const replay = await get(t.app, '/api/auth/user', { cookie });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a session ended outside the app (a command, another instance) at its very next request', async () => {
    const cookie = await signUp(t.app, account());
    // Checked twice with nothing written in between: the second check asks the database only
    // whether anything changed (src/features/sessions/sessions.service.ts).
    expect((await get(t.app, '/api/auth/user', { cookie })).statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/user', { cookie })).statusCode).toBe(200);
    await t.sql.run('DELETE FROM sessions WHERE id = ?', sessionIdOf(cookie));
    expect((await get(t.app, '/api/auth/user', { cookie })).statusCode).toBe(401);
  });

  it("logging out leaves the same account's other sessions signed in", async () => {
    const input = account();
    const first = await signUp(t.app, input);
    const second = cookiePair(
      await jsonPost(t.app, '/api/auth/login', { email: input.email, password }),
      'session',
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: t.origin, cookie: first },
    });
    expect((await get(t.app, '/api/auth/user', { cookie: first })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/user', { cookie: second })).statusCode).toBe(200);
  });

  it('ends a session unused for more than 7 days and deletes its row', async () => {
    const cookie = await signUp(t.app, account());
    const id = sessionIdOf(cookie);
    await t.db
      .updateTable('sessions')
      .set({ last_used_at_ms: Date.now() - 7 * DAY_MS - 60_000 })
      .where('id', '=', id)
      .execute();

    const me = await get(t.app, '/api/auth/user', { cookie });
    expect(me.statusCode).toBe(401);
    expectCookieCleared(me);
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('ends a session older than 30 days even when it was used recently', async () => {
    const cookie = await signUp(t.app, account());
    const id = sessionIdOf(cookie);
    await t.db
      .updateTable('sessions')
      .set({
        created_at_ms: Date.now() - 30 * DAY_MS - 60_000,
        last_used_at_ms: Date.now() - 60_000,
      })
      .where('id', '=', id)
      .execute();

    const me = await get(t.app, '/api/auth/user', { cookie });
    expect(me.statusCode).toBe(401);
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('keeps a session used 6 days ago and moves its last use forward', async () => {
    const cookie = await signUp(t.app, account());
    const id = sessionIdOf(cookie);
    const sixDaysAgo = Date.now() - 6 * DAY_MS;
    await t.db
      .updateTable('sessions')
      .set({ last_used_at_ms: sixDaysAgo })
      .where('id', '=', id)
      .execute();

    const me = await get(t.app, '/api/auth/user', { cookie });
    expect(me.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select('last_used_at_ms')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at_ms).toBeGreaterThan(Date.now() - 60_000);
    // The browser's cookie is renewed to the new inactivity deadline.
    expect(cookiePair(me, 'session')).toBe(cookie);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure over http', async () => {
    const response = await jsonPost(t.app, '/api/auth/signup', account());
    const line = setCookieHeaders(response).find((header) => header.startsWith('session='));
    expect(line).toBeDefined();
    const attributes = (line ?? '').split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    // Expiry matches the 7-day inactivity limit.
    const expires = attributes.find((part) => part.startsWith('expires='));
    const expiresMs = Date.parse((expires ?? '').slice('expires='.length));
    expect(expiresMs).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(expiresMs).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 60_000);
  });

  it('stores an argon2id hash, never the password', async () => {
    const input = { ...account(), password: 'plain-text-never-stored' };
    await signUp(t.app, input);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain(input.password);
  });

  describe('validation', () => {
    it.each([
      [
        'short password',
        { email: 'v1@example.com', password: 'abc', company_name: 'Acme' },
        'password: At least 6 characters',
      ],
      [
        'invalid email',
        { email: 'not-an-email', password, company_name: 'Acme' },
        'email: Invalid email address',
      ],
      ['missing email', { password, company_name: 'Acme' }, 'email: Required'],
      ['missing password', { email: 'v2@example.com', company_name: 'Acme' }, 'password: Required'],
    ])('signup with %s is 400 with a field message', async (_label, body, message) => {
      const response = await jsonPost(t.app, '/api/auth/signup', body);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe(message);
    });

    it('signup without a company name is 400 naming the company name', async () => {
      const email = freshEmail();
      for (const body of [
        { email, password },
        { email, password, company_name: '   ' },
      ]) {
        const response = await jsonPost(t.app, '/api/auth/signup', body);
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toMatch(/^company_name: /);
        expect(response.body).toMatch(/company name/i);
      }
      expect(
        await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('login validates email and password presence', async () => {
      const noPassword = await jsonPost(t.app, '/api/auth/login', { email: 'a@example.com' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.body).toBe('password: Required');
      const badEmail = await jsonPost(t.app, '/api/auth/login', { email: 'nope', password });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.body).toBe('email: Invalid email address');
    });

    it.each(['/api/auth/signup', '/api/auth/login'])(
      'malformed JSON to %s is a 400, not a 500',
      async (url) => {
        const response = await jsonPost(t.app, url, '{"email": "a@example.com", ');
        expect(response.statusCode).toBe(400);
        expect(response.body).not.toMatch(/Something went wrong/);
      },
    );

    it('a JSON array or string body is a 400', async () => {
      for (const body of ['[]', '"hello"', 'null']) {
        const response = await jsonPost(t.app, '/api/auth/login', body);
        expect(response.statusCode, body).toBe(400);
      }
    });
  });
});

describe('https deployment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://contracts.example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the cookie __Host-session and marks it Secure', async () => {
    expect(t.origin).toBe('https://contracts.example.com');
    const response = await jsonPost(t.app, '/api/auth/signup', account(), {
      origin: 'https://contracts.example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(cookiePair(response, 'session')).toBeUndefined();
    const line = setCookieHeaders(response).find((header) => header.startsWith('__Host-session='));
    expect(line).toBeDefined();
    const attributes = (line ?? '').split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('samesite=lax');
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);

    const cookie = cookiePair(response, '__Host-session');
    const me = await get(t.app, '/api/auth/user', { cookie });
    expect(me.statusCode).toBe(200);
    // The plain name is not honoured on an https deployment.
    const plain = await get(t.app, '/api/auth/user', {
      cookie: (cookie ?? '').replace('__Host-session=', 'session='),
    });
    expect(plain.statusCode).toBe(401);
  });

  it('logout clears the __Host- cookie', async () => {
    const cookie = await signUp(t.app, account());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: t.origin, cookie },
    });
    expect(logout.statusCode).toBe(200);
    expectCookieCleared(logout, '__Host-session');
    const line = setCookieHeaders(logout).find((header) => header.startsWith('__Host-session='));
    expect(line).toMatch(/;\s*Secure/i);
  });
});

describe('auth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an address after 10 wrong passwords for one account, even with the right one', async () => {
    const input = account();
    await signUp(t.app, input, { remoteAddress: '198.51.100.1' });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await jsonPost(
        t.app,
        '/api/auth/login',
        { email: input.email, password: 'wrong password' },
        { remoteAddress: '198.51.100.66' },
      );
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: input.email.toUpperCase(), password },
      { remoteAddress: '198.51.100.66' },
    );
    expect(limited.statusCode).toBe(429);
    const retryAfter = String(limited.headers['retry-after']);
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect(limited.body).toMatch(/too many/i);
    expect(setCookieHeaders(limited)).toEqual([]);

    // The owner, elsewhere, is not locked out (sign-in-throttle.test.ts plays this out).
    const owner = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: input.email, password },
      { remoteAddress: '198.51.100.99' },
    );
    expect(owner.statusCode).toBe(200);

    // Another account from the same address is unaffected.
    const other = account();
    await signUp(t.app, other, { remoteAddress: '198.51.100.2' });
    const ok = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: other.email, password },
      { remoteAddress: '198.51.100.66' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('limits signups per email to 5 an hour across addresses', async () => {
    const input = account();
    await signUp(t.app, input, { remoteAddress: '192.0.2.1' });
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      const response = await jsonPost(t.app, '/api/auth/signup', input, {
        remoteAddress: `192.0.2.${attempt}`,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(409);
    }
    const limited = await jsonPost(t.app, '/api/auth/signup', input, {
      remoteAddress: '192.0.2.6',
    });
    expect(limited.statusCode).toBe(429);
    expect(String(limited.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
  });

  it('limits signups per IP to 20 an hour; other addresses still sign up', async () => {
    const ip = '203.0.113.7';
    for (let n = 1; n <= 20; n += 1) {
      const response = await jsonPost(t.app, '/api/auth/signup', account(freshEmail('burst')), {
        remoteAddress: ip,
      });
      expect(response.statusCode, `signup ${n}`).toBe(200);
    }
    const blockedEmail = freshEmail('blocked');
    const limited = await jsonPost(t.app, '/api/auth/signup', account(blockedEmail), {
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', blockedEmail)
        .executeTakeFirst(),
    ).toBeUndefined();

    const elsewhere = await jsonPost(t.app, '/api/auth/signup', account(blockedEmail), {
      remoteAddress: '203.0.113.8',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('tRPC auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs up, reports the user, logs in and logs out', async () => {
    const input = account('Trpc.User@Example.com');
    const signup = await trpcMutation(t.app, 'auth.signup', input);
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({
      result: {
        data: { user: { email: 'trpc.user@example.com', email_verified: true, ...NEW_OWNER } },
      },
    });
    const signupCookie = cookiePair(signup, 'session');
    expect(signupCookie).toBeDefined();

    const me = await trpcQuery(t.app, 'auth.user', undefined, { cookie: signupCookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      result: {
        data: { user: { email: 'trpc.user@example.com', email_verified: true, ...NEW_OWNER } },
      },
    });

    // Signed out is not an error for "who am I": user is null.
    const anonymous = await trpcQuery(t.app, 'auth.user');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ result: { data: { user: null } } });

    // The same session works on the REST facade.
    expect((await get(t.app, '/api/auth/user', { cookie: signupCookie })).statusCode).toBe(200);

    const login = await trpcMutation(t.app, 'auth.login', {
      email: 'TRPC.user@example.com',
      password,
    });
    expect(login.statusCode).toBe(200);
    const loginCookie = cookiePair(login, 'session');
    expect(loginCookie).toBeDefined();
    expect(loginCookie).not.toBe(signupCookie);

    // What @trpc/client sends for a mutation without input: a JSON content type and no body.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { origin: t.origin, cookie: loginCookie ?? '', 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    expectCookieCleared(logout);
    const after = await trpcQuery(t.app, 'auth.user', undefined, { cookie: loginCookie });
    expect(after.json()).toEqual({ result: { data: { user: null } } });
    // Only that session ended.
    const stillIn = await trpcQuery(t.app, 'auth.user', undefined, { cookie: signupCookie });
    expect(stillIn.json()).toEqual({
      result: {
        data: { user: { email: 'trpc.user@example.com', email_verified: true, ...NEW_OWNER } },
      },
    });
  });

  it('gives friendly field messages for bad input', async () => {
    const short = await trpcMutation(t.app, 'auth.signup', { ...account(), password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(trpcError(short).message).toBe('password: At least 6 characters');

    const badEmail = await trpcMutation(t.app, 'auth.signup', {
      ...account(),
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(trpcError(badEmail).message).toBe('email: Invalid email address');

    const noCompany = await trpcMutation(t.app, 'auth.signup', { email: freshEmail(), password });
    expect(noCompany.statusCode).toBe(400);
    expect(trpcError(noCompany).message).toMatch(/^company_name: .*company name/i);
  });

  it('rejects duplicates and bad credentials with the same messages as REST', async () => {
    const input = account();
    expect((await trpcMutation(t.app, 'auth.signup', input)).statusCode).toBe(200);
    const duplicate = await trpcMutation(t.app, 'auth.signup', {
      ...input,
      email: input.email.toUpperCase(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(trpcError(duplicate).message).toBe(
      'An account with this email already exists. Sign in instead.',
    );

    const wrong = await trpcMutation(t.app, 'auth.login', {
      email: input.email,
      password: 'wrong password',
    });
    const unknown = await trpcMutation(t.app, 'auth.login', {
      email: freshEmail('ghost'),
      password: 'wrong password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(trpcError(wrong).message).toBe('Invalid email or password');
    expect(trpcError(unknown).message).toBe(trpcError(wrong).message);
    expect(setCookieHeaders(wrong)).toEqual([]);
  });

  it('answers 429 with Retry-After once one address has failed 10 times on an account', async () => {
    const input = account();
    expect((await trpcMutation(t.app, 'auth.signup', input)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await trpcMutation(t.app, 'auth.login', {
        email: input.email,
        password: 'wrong password',
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await trpcMutation(t.app, 'auth.login', { email: input.email, password });
    expect(limited.statusCode).toBe(429);
    expect(trpcError(limited).data.code).toBe('TOO_MANY_REQUESTS');
    expect(String(limited.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
    expect(cookiePair(limited, 'session')).toBeUndefined();
  });

  it('treats logging out without a session as done, like the REST call', async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { origin: t.origin, 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    expect(cookiePair(logout, 'session')).toBe('session=');
  });

  it('malformed JSON to a mutation is a 400, not a 500', async () => {
    const response = await trpcMutation(t.app, 'auth.login', '{"email": ');
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).data.httpStatus).toBe(400);
    expect(trpcError(response).message).not.toMatch(/Something went wrong/);
  });
});
