import { SIGNED_UP_OWNER } from '../test/people.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../test/test-app.js';
import { loggerOptions, redactUrl } from './logger.js';
import { TWO_FACTOR_OFF } from '../domain/two-factor.schemas.js';

/** What a sign-up makes: the owner of a new company, with two-step sign-in off and no name yet. */
const NEW_OWNER = { ...SIGNED_UP_OWNER, ...TWO_FACTOR_OFF };

const password = 'correct horse';

function cspDirectives(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const directives = new Map<string, string>();
  for (const part of header.split(';')) {
    const [name = '', ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  return directives;
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = cspDirectives(response);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

async function userCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('security headers over http', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signUp(t.app, { email: 'headers@example.com', password, company_name: 'Acme' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are on an API 401', async () => {
    const response = await get(t.app, '/api/auth/user');
    expect(response.statusCode).toBe(401);
    expectSecurityHeaders(response);
  });

  it('are on a 404', async () => {
    const response = await get(t.app, '/no/such/page');
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
    const api404 = await get(t.app, '/api/no-such-call');
    expect(api404.statusCode).toBe(404);
    expectSecurityHeaders(api404);
  });

  it('are on a successful JSON answer, REST and tRPC', async () => {
    const rest = await get(t.app, '/api/auth/user', { cookie });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['content-type']).toMatch(/^application\/json/);
    expectSecurityHeaders(rest);

    const trpc = await trpcQuery(t.app, 'auth.user', undefined, { cookie });
    expect(trpc.statusCode).toBe(200);
    expectSecurityHeaders(trpc);
  });

  it('are on a refused cross-origin request and a 400', async () => {
    const forbidden = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: 'a@example.com', password },
      { origin: 'http://evil.example' },
    );
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden);
    const bad = await jsonPost(t.app, '/api/auth/login', '{not json');
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad);
  });

  it('send no HSTS over http', async () => {
    const response = await get(t.app, '/api/auth/user', { cookie });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(cspDirectives(response).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://contracts.example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('send HSTS and the same CSP', async () => {
    for (const response of [await get(t.app, '/api/auth/user'), await get(t.app, '/missing')]) {
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      expectSecurityHeaders(response);
    }
  });

  it('require the https origin: the http twin is cross-origin', async () => {
    const email = 'twin@example.com';
    const http = await jsonPost(
      t.app,
      '/api/auth/signup',
      { email, password, company_name: 'Acme' },
      { origin: 'http://contracts.example.com' },
    );
    expect(http.statusCode).toBe(403);
    const https = await jsonPost(
      t.app,
      '/api/auth/signup',
      { email, password, company_name: 'Acme' },
      { origin: 'https://contracts.example.com' },
    );
    expect(https.statusCode).toBe(200);
  });
});

describe('Origin check (CSRF)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a login from another origin with 403', async () => {
    const response = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: 'a@example.com', password },
      { origin: 'http://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.body).toMatch(/cross-origin/i);
  });

  it('creates no account for a signup from another origin', async () => {
    const before = await userCount(t);
    for (const origin of [
      'http://evil.example',
      'http://localhost:3001',
      'https://localhost:3000',
      'null',
    ]) {
      const response = await jsonPost(
        t.app,
        '/api/auth/signup',
        { email: 'victim@example.com', password, company_name: 'Acme' },
        { origin },
      );
      expect(response.statusCode, origin).toBe(403);
      expect(response.headers['set-cookie'], origin).toBeUndefined();
    }
    expect(await userCount(t)).toBe(before);
  });

  it('accepts a request without Origin when Sec-Fetch-Site is same-origin', async () => {
    const response = await jsonPost(
      t.app,
      '/api/auth/signup',
      { email: 'samesite@example.com', password, company_name: 'Acme' },
      { origin: null, headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { email: 'samesite@example.com', email_verified: true, ...NEW_OWNER },
    });
  });

  it('accepts Origin: null (a form on a no-referrer page) when Sec-Fetch-Site is same-origin', async () => {
    const response = await jsonPost(
      t.app,
      '/api/auth/signup',
      { email: 'null-origin@example.com', password, company_name: 'Acme' },
      { origin: 'null', headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(response.statusCode).toBe(200);
    for (const site of ['cross-site', 'same-site', 'none', undefined]) {
      const refused = await jsonPost(
        t.app,
        '/api/auth/signup',
        { email: 'null-elsewhere@example.com', password, company_name: 'Acme' },
        { origin: 'null', headers: site ? { 'sec-fetch-site': site } : {} },
      );
      expect(refused.statusCode, String(site)).toBe(403);
    }
  });

  it('refuses a request with neither Origin nor a same-origin Sec-Fetch-Site', async () => {
    const before = await userCount(t);
    const none = await jsonPost(
      t.app,
      '/api/auth/signup',
      { email: 'no-origin@example.com', password, company_name: 'Acme' },
      { origin: null },
    );
    expect(none.statusCode).toBe(403);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const response = await jsonPost(
        t.app,
        '/api/auth/signup',
        { email: 'no-origin@example.com', password, company_name: 'Acme' },
        { origin: null, headers: { 'sec-fetch-site': site } },
      );
      expect(response.statusCode, site).toBe(403);
    }
    expect(await userCount(t)).toBe(before);
  });

  it('a bad Origin is refused even with Sec-Fetch-Site: same-origin', async () => {
    const response = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: 'a@example.com', password },
      { origin: 'http://evil.example', headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(response.statusCode).toBe(403);
  });

  it('lets a GET through without Origin', async () => {
    const rest = await get(t.app, '/api/auth/user');
    expect(rest.statusCode).toBe(401);
    const trpc = await trpcQuery(t.app, 'auth.user');
    expect(trpc.statusCode).toBe(200);
  });

  it('refuses a tRPC mutation with a bad Origin', async () => {
    const before = await userCount(t);
    const response = await trpcMutation(
      t.app,
      'auth.signup',
      { email: 'trpc-victim@example.com', password, company_name: 'Acme' },
      { origin: 'http://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(await userCount(t)).toBe(before);
  });

  it('refuses a cross-origin PUT and logout, leaving data and session alone', async () => {
    const cookie = await signUp(t.app, {
      email: 'owner@example.com',
      password,
      company_name: 'Owner Co',
    });
    const put = await jsonPut(
      t.app,
      '/api/prefs',
      { company_name: 'Hijacked' },
      { cookie, origin: 'http://evil.example' },
    );
    expect(put.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    const prefs = await get(t.app, '/api/prefs', { cookie });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json<{ company_name: string }>().company_name).toBe('Owner Co');
  });
});

describe('log redaction', () => {
  it('hides signing tokens in /esign/ paths', () => {
    const token = 'q2mNf8yV-Xb_0aZk3LpT5wRc7sDe9hGu1jIo4KlMnOp';
    expect(redactUrl(`/api/esign/${token}`)).toBe('/api/esign/[redacted]');
    expect(redactUrl(`/esign/${token}`)).toBe('/esign/[redacted]');
    expect(redactUrl(`/api/esign/${token}?view=1#top`)).toBe('/api/esign/[redacted]?view=1#top');
    expect(redactUrl(`/api/esign/${token}/sign`)).toBe('/api/esign/[redacted]/sign');
    expect(redactUrl(`/api/esign/${token}`)).not.toContain(token);
  });

  it('hides password reset tokens in /reset-password/ paths (issue 34)', () => {
    const token = 'q2mNf8yV-Xb_0aZk3LpT5wRc7sDe9hGu1jIo4KlMnOp';
    expect(redactUrl(`/reset-password/${token}`)).toBe('/reset-password/[redacted]');
    expect(redactUrl(`/reset-password/${token}?from=mail`)).toBe(
      '/reset-password/[redacted]?from=mail',
    );
  });

  it('leaves other paths alone', () => {
    expect(redactUrl('/api/contracts/42')).toBe('/api/contracts/42');
    expect(redactUrl('/api/auth/user?x=esign')).toBe('/api/auth/user?x=esign');
  });

  it('is what the request log serializer writes', () => {
    const options = loggerOptions('info');
    if (typeof options !== 'object' || options === null || !('serializers' in options)) {
      throw new Error('expected logger options with serializers');
    }
    const serializeRequest = options.serializers?.req as
      ((request: { method: string; url: string; ip?: string }) => { url: string }) | undefined;
    expect(serializeRequest).toBeTypeOf('function');
    const logged = serializeRequest?.({
      method: 'GET',
      url: '/esign/secret-token-value',
      ip: '192.0.2.1',
    });
    expect(logged?.url).toBe('/esign/[redacted]');
    expect(JSON.stringify(logged)).not.toContain('secret-token-value');
  });
});

/** A sign-in with a wrong password, from a peer that forwards the visitor's address. */
function wrongPasswordFrom(t: TestApp, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: {
      origin: t.origin,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    payload: { email: `proxy-${Math.random()}@example.com`, password: 'whatever1' },
  });
}

describe('client address behind a local reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const loginFrom = (remoteAddress: string, forwardedFor: string) =>
    wrongPasswordFrom(t, remoteAddress, forwardedFor);

  it('counts per-IP limits by X-Forwarded-For only when the proxy is on this machine', async () => {
    // 50 logins from one forwarded address exhaust that address's allowance...
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await loginFrom('127.0.0.1', '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await loginFrom('127.0.0.1', '198.51.100.7')).statusCode).toBe(429);
    // ...while another client behind the same proxy is unaffected,
    expect((await loginFrom('127.0.0.1', '198.51.100.8')).statusCode).toBe(401);
    // and a remote client's X-Forwarded-For is ignored: it is counted by its real address.
    expect((await loginFrom('203.0.113.50', '198.51.100.7')).statusCode).toBe(401);
    // 52 password hashes: past the leg's 20 s on two busy cores (run 13).
  }, 60_000);
});

describe('client address behind a load balancer on another machine (TRUSTED_PROXIES)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const loginFrom = (remoteAddress: string, forwardedFor: string) =>
    wrongPasswordFrom(t, remoteAddress, forwardedFor);

  it('counts each visitor by the address the listed balancer forwards, and no one else’s', async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await loginFrom('10.1.2.3', '198.51.100.70')).statusCode).toBe(401);
    }
    expect((await loginFrom('10.1.2.3', '198.51.100.70')).statusCode).toBe(429);
    // Another visitor through the same balancer is unaffected.
    expect((await loginFrom('10.1.2.3', '198.51.100.71')).statusCode).toBe(401);
    // A peer outside the list cannot claim the blocked visitor's address, nor hide behind another.
    expect((await loginFrom('203.0.113.60', '198.51.100.71')).statusCode).toBe(401);
  });
});
