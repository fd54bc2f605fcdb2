import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent, SecurityLogPage } from '../../domain/security-events.js';
import type { SessionSummary } from '../../domain/sessions.schemas.js';
import {
  bodylessRequest,
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { USER_AGENTS } from '../../test/user-agents.js';

/**
 * The account's signed-in devices (issue 34): listed with device, address and times, this one
 * marked; one or all others signed out, each for real at its next request, each in the log.
 * For a person only. On either engine.
 */
let t: TestApp;
let accounts = 0;
const password = 'correct horse';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An account signed in on a phone (sign-up) and a laptop (a sign-in). */
async function accountOnTwoDevices() {
  accounts += 1;
  const email = `devices${accounts}@example.com`;
  const phone = await signUp(
    t.app,
    { email, password, company_name: 'Oak Co' },
    { remoteAddress: '203.0.113.7', headers: { 'user-agent': USER_AGENTS.chromeOnAndroid } },
  );
  const signedIn = await jsonPost(
    t.app,
    '/api/auth/login',
    { email, password },
    { remoteAddress: '198.51.100.4', headers: { 'user-agent': USER_AGENTS.firefoxOnWindows } },
  );
  const laptop = cookiePair(signedIn, 'session') ?? '';
  return { email, phone, laptop };
}

async function sessionsOf(cookie: string): Promise<SessionSummary[]> {
  const answer = await get(t.app, '/api/auth/sessions', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SessionSummary[]>();
}

const idOf = (cookie: string) => cookie.split('=')[1]?.split('.')[0] ?? '';
const whoAmI = (cookie: string) => get(t.app, '/api/auth/user', { cookie });

async function newestLine(cookie: string): Promise<SecurityEvent | undefined> {
  const answer = await get(t.app, '/api/auth/security-log', { cookie });
  return answer.json<SecurityLogPage>().events[0];
}

describe('signed-in devices', () => {
  it('lists each with its device, address and times, this one marked', async () => {
    const { phone, laptop } = await accountOnTwoDevices();
    const list = await sessionsOf(laptop);
    expect(
      list.map(({ id, device, address, current }) => ({ id, device, address, current })),
    ).toEqual([
      { id: idOf(laptop), device: 'Firefox on Windows', address: '198.51.100.4', current: true },
      { id: idOf(phone), device: 'Chrome on Android', address: '203.0.113.7', current: false },
    ]);
    for (const session of list) {
      expect(Date.now() - Date.parse(session.created_at)).toBeLessThan(60_000);
      expect(session.last_seen_at >= session.created_at).toBe(true);
    }
    // The phone sees the same two, itself marked.
    expect((await sessionsOf(phone)).find((session) => session.current)?.id).toBe(idOf(phone));
  });

  it('signs one out: its next request is refused, and the log says which device', async () => {
    const { phone, laptop } = await accountOnTwoDevices();
    const revoked = await bodylessRequest(t.app, 'DELETE', `/api/auth/sessions/${idOf(phone)}`, {
      cookie: laptop,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(laptop)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((session) => session.id)).toEqual([idOf(laptop)]);
    expect(await newestLine(laptop)).toMatchObject({
      type: 'session_revoked',
      device: 'Unknown device',
      details: { device: 'Chrome on Android', address: '203.0.113.7' },
    });
    // Gone is gone: a second time it is not found.
    const again = await bodylessRequest(t.app, 'DELETE', `/api/auth/sessions/${idOf(phone)}`, {
      cookie: laptop,
    });
    expect(again.statusCode).toBe(404);
  });

  it("cannot sign out another account's device, nor this one from the list", async () => {
    const mine = await accountOnTwoDevices();
    const theirs = await accountOnTwoDevices();
    const foreign = await bodylessRequest(
      t.app,
      'DELETE',
      `/api/auth/sessions/${idOf(theirs.phone)}`,
      { cookie: mine.laptop },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe('Session not found: it may have been signed out already');
    expect((await whoAmI(theirs.phone)).statusCode).toBe(200);
    const self = await bodylessRequest(t.app, 'DELETE', `/api/auth/sessions/${idOf(mine.laptop)}`, {
      cookie: mine.laptop,
    });
    expect(self.statusCode).toBe(400);
    expect(self.body).toBe('This is the device you are using. To sign it out, use Log Out.');
    expect((await whoAmI(mine.laptop)).statusCode).toBe(200);
  });

  it('signs out every other device at once, and logs how many', async () => {
    const { email, phone, laptop } = await accountOnTwoDevices();
    const tablet =
      cookiePair(await jsonPost(t.app, '/api/auth/login', { email, password }), 'session') ?? '';
    const answer = await bodylessRequest(t.app, 'POST', '/api/auth/sessions/revoke-others', {
      cookie: laptop,
    });
    expect(answer.json()).toEqual({ ok: true, signed_out_sessions: 2 });
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(tablet)).statusCode).toBe(401);
    expect((await whoAmI(laptop)).statusCode).toBe(200);
    expect(await newestLine(laptop)).toMatchObject({
      type: 'other_sessions_revoked',
      details: { signed_out_sessions: 2 },
    });
    // With no other device left there is nothing to do, and nothing to log.
    const none = await bodylessRequest(t.app, 'POST', '/api/auth/sessions/revoke-others', {
      cookie: laptop,
    });
    expect(none.json()).toEqual({ ok: true, signed_out_sessions: 0 });
    expect((await newestLine(laptop))?.type).toBe('other_sessions_revoked');
    const lines = await get(t.app, '/api/auth/security-log', { cookie: laptop });
    const revokedLines = lines
      .json<SecurityLogPage>()
      .events.filter((event) => event.type === 'other_sessions_revoked');
    expect(revokedLines).toHaveLength(1);
  });

  it('answers its tRPC twins the same', async () => {
    const { email, phone, laptop } = await accountOnTwoDevices();
    const listed = await trpcQuery(t.app, 'auth.sessions.list', undefined, { cookie: laptop });
    expect(listed.json<{ result: { data: SessionSummary[] } }>().result.data).toEqual(
      await sessionsOf(laptop),
    );
    const revoke = await trpcMutation(
      t.app,
      'auth.sessions.revoke',
      { id: idOf(phone) },
      {
        cookie: laptop,
      },
    );
    expect(revoke.statusCode).toBe(200);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    const tablet =
      cookiePair(await jsonPost(t.app, '/api/auth/login', { email, password }), 'session') ?? '';
    const others = await trpcMutation(t.app, 'auth.sessions.revokeOthers', undefined, {
      cookie: laptop,
    });
    expect(others.json<{ result: { data: unknown } }>().result.data).toEqual({
      ok: true,
      signed_out_sessions: 1,
    });
    expect((await whoAmI(tablet)).statusCode).toBe(401);
  });

  it('is for a signed-in person: 401 without a session, 403 with an API key', async () => {
    const { phone, laptop } = await accountOnTwoDevices();
    expect((await get(t.app, '/api/auth/sessions')).statusCode).toBe(401);
    const created = await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie: laptop });
    const headers = { authorization: `Bearer ${created.json<{ key: string }>().key}` };
    const list = await get(t.app, '/api/auth/sessions', { headers });
    expect(list.statusCode).toBe(403);
    expect(list.body).toMatch(/Settings → Security/);
    const revoke = await bodylessRequest(t.app, 'DELETE', `/api/auth/sessions/${idOf(phone)}`, {
      headers,
      origin: null,
    });
    expect(revoke.statusCode).toBe(403);
    const others = await bodylessRequest(t.app, 'POST', '/api/auth/sessions/revoke-others', {
      headers,
      origin: null,
    });
    expect(others.statusCode).toBe(403);
    expect((await get(t.app, '/trpc/auth.sessions.list', { headers })).statusCode).toBe(403);
    expect((await whoAmI(phone)).statusCode).toBe(200);
  });
});
