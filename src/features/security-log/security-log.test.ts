import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_LOG_PAGE_SIZE, type SecurityLogPage } from '../../domain/security-events.js';
import {
  bodylessRequest,
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { USER_AGENTS } from '../../test/user-agents.js';
import { recordSecurityEvent } from './security-log.service.js';

/**
 * The account's security log (issue 34): what the sign-up, sign-in and sign-out paths record,
 * read newest first by the owner alone, a page at a time, by a person and never by a key.
 */
let t: TestApp;
let emails = 0;
const password = 'correct horse';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function account() {
  emails += 1;
  return { email: `log${emails}@example.com`, password, company_name: 'Acme Roofing' };
}

const phone = { 'user-agent': USER_AGENTS.chromeOnAndroid };

async function logOf(cookie: string, before?: number): Promise<SecurityLogPage> {
  const answer = await get(t.app, `/api/auth/security-log${before ? `?before=${before}` : ''}`, {
    cookie,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SecurityLogPage>();
}

async function userIdOf(email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the security log', () => {
  it('records the sign-up with its address and device', async () => {
    const input = account();
    const cookie = await signUp(t.app, input, { remoteAddress: '203.0.113.7', headers: phone });
    const { events, next_before } = await logOf(cookie);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'account_created',
      ip: '203.0.113.7',
      device: 'Chrome on Android',
      details: null,
    });
    expect(Date.now() - Date.parse(events[0]?.at ?? '')).toBeLessThan(60_000);
    expect(next_before).toBeNull();
  });

  it('records a sign-in, a wrong password and a sign-out, newest first', async () => {
    const input = account();
    const cookie = await signUp(t.app, input);
    const wrong = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: input.email, password: 'not the password' },
      { remoteAddress: '198.51.100.4', headers: { 'user-agent': USER_AGENTS.firefoxOnWindows } },
    );
    expect(wrong.statusCode).toBe(401);
    const login = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: input.email, password },
      { remoteAddress: '198.51.100.5', headers: { 'user-agent': USER_AGENTS.safariOnIphone } },
    );
    expect(login.statusCode).toBe(200);
    const logout = await bodylessRequest(t.app, 'POST', '/api/auth/logout', { cookie });
    expect(logout.statusCode).toBe(200);
    // Signing out again, with the same dead cookie, records nothing more.
    await bodylessRequest(t.app, 'POST', '/api/auth/logout', { cookie });

    const { events } = await logOf(cookiePair(login, 'session') ?? '');
    expect(events.map(({ type, ip, device }) => ({ type, ip, device }))).toEqual([
      { type: 'signed_out', ip: '127.0.0.1', device: 'Unknown device' },
      { type: 'sign_in', ip: '198.51.100.5', device: 'Safari on iPhone' },
      { type: 'sign_in_failed', ip: '198.51.100.4', device: 'Firefox on Windows' },
      { type: 'account_created', ip: '127.0.0.1', device: 'Unknown device' },
    ]);
  });

  it('records nothing for an email with no account', async () => {
    const lines = () => t.sql.value<number>('SELECT count(*) FROM security_events');
    const before = await lines();
    const answer = await jsonPost(t.app, '/api/auth/login', {
      email: 'nobody-here@example.com',
      password: 'guessing',
    });
    expect(answer.statusCode).toBe(401);
    expect(await lines()).toBe(before);
  });

  it("shows each owner their own lines only, 50 a page, with the tRPC twin's the same", async () => {
    const input = account();
    const cookie = await signUp(t.app, input);
    const stranger = await signUp(t.app, account());
    const userId = await userIdOf(input.email);
    for (let n = 0; n < SECURITY_LOG_PAGE_SIZE + 9; n += 1) {
      await recordSecurityEvent(t.db, {
        userId,
        type: 'sign_in',
        client: { ip: `192.0.2.${n}`, userAgent: USER_AGENTS.chromeOnAndroid },
        at: new Date(Date.UTC(2026, 11, 1, 9, n)),
      });
    }
    const first = await logOf(cookie);
    expect(first.events).toHaveLength(SECURITY_LOG_PAGE_SIZE);
    expect(first.events[0]?.ip).toBe(`192.0.2.${SECURITY_LOG_PAGE_SIZE + 8}`);
    expect(first.next_before).toBe(first.events.at(-1)?.id);
    const second = await logOf(cookie, first.next_before ?? undefined);
    // The rest of the sign-ins, then the sign-up, the oldest line.
    expect(second.events.map((event) => event.type)).toEqual([
      ...Array.from({ length: 9 }, () => 'sign_in'),
      'account_created',
    ]);
    expect(second.next_before).toBeNull();
    const ids = [...first.events, ...second.events].map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const twin = await trpcQuery(
      t.app,
      'auth.securityLog',
      { cursor: first.next_before },
      {
        cookie,
      },
    );
    expect(twin.statusCode).toBe(200);
    expect(twin.json<{ result: { data: SecurityLogPage } }>().result.data).toEqual(second);

    const theirs = await logOf(stranger);
    expect(theirs.events.map((event) => event.type)).toEqual(['account_created']);
  });

  it('is for a signed-in person: 401 without a session, 403 with an API key', async () => {
    const cookie = await signUp(t.app, account());
    expect((await get(t.app, '/api/auth/security-log')).statusCode).toBe(401);
    const created = await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie });
    expect(created.statusCode).toBe(201);
    const withKey = { headers: { authorization: `Bearer ${created.json<{ key: string }>().key}` } };
    const rest = await get(t.app, '/api/auth/security-log', withKey);
    expect(rest.statusCode).toBe(403);
    expect(rest.body).toMatch(/Settings → Security/);
    const twin = await get(t.app, '/trpc/auth.securityLog?input=%7B%7D', withKey);
    expect(twin.statusCode).toBe(403);
  });

  it('refuses a page cursor that is not an id', async () => {
    const cookie = await signUp(t.app, account());
    const answer = await get(t.app, '/api/auth/security-log?before=yesterday', { cookie });
    expect(answer.statusCode).toBe(400);
    // Past any id the database can hold: still the caller's mistake, not a 500.
    const huge = await get(t.app, '/api/auth/security-log?before=99999999999', { cookie });
    expect(huge.statusCode).toBe(400);
  });
});
