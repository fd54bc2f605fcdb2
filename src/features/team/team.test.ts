import { REMOVED_FROM_COMPANY } from '../auth/sign-in.service.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail, queuedMails } from '../../test/account-mail.js';
import {
  bodylessRequest,
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import type { TeamAnswer } from './team.schemas.js';

/**
 * The team (issue 35): an owner invites by email, the invitee joins from the mail's link (once),
 * owners change roles and remove people, and the company always keeps an owner. Each company
 * sees only its own people and invitations. Runs on both engines; the clock is moved, never slept.
 */
let t: TestApp;
let nowMs = Date.parse('2026-12-02T15:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const password = 'correct horse';
let companies = 0;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock: () => new Date(nowMs) });
});
afterAll(async () => {
  await t.close();
});

/** A company of its own, its owner named Pat Lee: the owner's cookie and email. */
async function newCompany(name = 'Greenleaf Landscaping') {
  companies += 1;
  const email = `owner${companies}@example.com`;
  const cookie = await signUp(t.app, { email, password, company_name: name });
  await t.sql.run("UPDATE users SET name = 'Pat Lee' WHERE email = ?", email);
  return { email, cookie };
}

async function inviteOf(cookie: string, email: string, role: 'owner' | 'member' = 'member') {
  return jsonPost(t.app, '/api/team/invites', { email, role }, { cookie });
}

/** The token of the /join/ link in the newest invitation mailed to `email`. */
async function linkMailedTo(email: string): Promise<string> {
  const mail = await lastMail(t, 'team_invite', email);
  const token = /\/join\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no /join/ link in:\n${mail.text}`);
  return token;
}

async function join(token: string, name = 'Sam Diaz') {
  return jsonPost(t.app, '/api/team/join', { token, name, password });
}

/** Invites `email` as `role` and joins with the mailed link: the new person's cookie. */
async function member(
  owner: { cookie: string },
  email: string,
  role: 'owner' | 'member' = 'member',
) {
  expect((await inviteOf(owner.cookie, email, role)).statusCode).toBe(201);
  const joined = await join(await linkMailedTo(email));
  expect(joined.statusCode, joined.body).toBe(200);
  const cookie = cookiePair(joined, 'session') ?? cookiePair(joined, '__Host-session');
  if (!cookie) throw new Error('the join set no session cookie');
  return cookie;
}

async function team(cookie: string): Promise<TeamAnswer> {
  const answer = await get(t.app, '/api/team', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TeamAnswer>();
}

const idOf = async (email: string) =>
  t.sql.value<number>('SELECT id FROM users WHERE email = ?', email);

const logOf = (email: string) =>
  t.sql.all<{ type: string; details: string | null }>(
    'SELECT type, details FROM security_events WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY id',
    email,
  );

describe('inviting', () => {
  it('mails a link naming the company and the inviter, which the invitee follows to join signed in', async () => {
    const owner = await newCompany();
    const sent = await inviteOf(owner.cookie, 'Sam@Example.com');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      email: 'sam@example.com',
      role: 'member',
      invited_by: 'Pat Lee',
    });
    expect(sent.json<{ expires_at: string }>().expires_at).toBe(
      new Date(nowMs + 7 * DAY_MS).toISOString(),
    );

    const mail = await lastMail(t, 'team_invite', 'sam@example.com');
    expect(mail.subject).toBe('Pat Lee invited you to join Greenleaf Landscaping on TradeSign');
    const token = await linkMailedTo('sam@example.com');
    expect(mail.html).toContain(`href="http://localhost:3000/join/${token}"`);
    expect(mail.html).toContain('Pat Lee invited you to join Greenleaf Landscaping');
    expect(mail.text).toContain('You are invited as a member');
    expect(mail.text).toContain('The link works once, for 7 days');
    // Only the token's hash is kept.
    expect(await t.databaseFilesHolding(token)).toEqual([]);

    const listed = await team(owner.cookie);
    expect(listed.invites).toEqual([sent.json()]);
    expect(listed.members.map((m) => m.email)).toEqual([owner.email]);

    const check = await jsonPost(t.app, '/api/team/join/check', { token });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      company_name: 'Greenleaf Landscaping',
      invited_by: 'Pat Lee',
      email: 'sam@example.com',
      role: 'member',
      has_account: false,
    });

    const joined = await join(token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ signed_in: true, email: 'sam@example.com' });
    const cookie = cookiePair(joined, 'session') ?? cookiePair(joined, '__Host-session');
    const me = await get(t.app, '/api/auth/user', { cookie: cookie! });
    // The link proved the mailbox: no verification mail to follow.
    expect(me.json()).toMatchObject({ user: { email: 'sam@example.com', email_verified: true } });

    const after = await team(owner.cookie);
    expect(after.invites).toEqual([]);
    expect(after.members).toMatchObject([
      { email: owner.email, role: 'owner' },
      { email: 'sam@example.com', name: 'Sam Diaz', role: 'member' },
    ]);
    // Sessions run on the real clock: each has been seen, as an ISO time.
    expect(after.members.map((m) => m.last_seen_at)).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    ]);
    // The member sees the same list.
    expect((await team(cookie!)).members).toHaveLength(2);

    expect((await logOf(owner.email)).map((e) => e.type)).toContain('team_invite_sent');
    expect((await logOf('sam@example.com')).map((e) => e.type)).toEqual([
      'account_created',
      'team_member_joined',
      'sign_in',
    ]);
    // The link works once.
    expect((await join(token)).body).toBe(
      'This invitation was already used. Sign in with the account it made.',
    );
  });

  it('writes the mail in the inviter’s language', async () => {
    const owner = await newCompany('Jardines Ruiz');
    await t.sql.run("UPDATE users SET language = 'es' WHERE email = ?", owner.email);
    await inviteOf(owner.cookie, 'ana@example.com');
    const mail = await lastMail(t, 'team_invite', 'ana@example.com');
    expect(mail.subject).toBe('Pat Lee te invitó a unirte a Jardines Ruiz en TradeSign');
    expect(mail.text).toContain('Te invitan como miembro');
    expect(mail.html).toContain('Unirme al equipo');
  });

  it('refuses someone already in the team, and replaces an older invitation to the same email', async () => {
    const owner = await newCompany();
    const taken = await inviteOf(owner.cookie, owner.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toBe(`${owner.email} is already in your team.`);

    await inviteOf(owner.cookie, 'twice@example.com');
    const older = await linkMailedTo('twice@example.com');
    await inviteOf(owner.cookie, 'twice@example.com', 'owner');
    const newer = await linkMailedTo('twice@example.com');
    expect((await team(owner.cookie)).invites).toMatchObject([
      { email: 'twice@example.com', role: 'owner' },
    ]);
    const refused = await jsonPost(t.app, '/api/team/join/check', { token: older });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/^This invitation was canceled/);
    expect((await jsonPost(t.app, '/api/team/join/check', { token: newer })).statusCode).toBe(200);
  });

  it('cancels an invitation; its link then says so', async () => {
    const owner = await newCompany();
    const sent = (await inviteOf(owner.cookie, 'cancel@example.com')).json<{ id: number }>();
    const token = await linkMailedTo('cancel@example.com');
    const canceled = await bodylessRequest(t.app, 'DELETE', `/api/team/invites/${sent.id}`, {
      cookie: owner.cookie,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await team(owner.cookie)).invites).toEqual([]);
    const joined = await join(token);
    expect(joined.statusCode).toBe(400);
    expect(joined.body).toMatch(/^This invitation was canceled/);
    expect((await logOf(owner.email)).map((e) => e.type)).toContain('team_invite_canceled');
  });

  it('says a link has expired after 7 days, and an unknown one is not valid', async () => {
    const owner = await newCompany();
    await inviteOf(owner.cookie, 'late@example.com');
    const token = await linkMailedTo('late@example.com');
    nowMs += 7 * DAY_MS - 1000;
    expect((await jsonPost(t.app, '/api/team/join/check', { token })).statusCode).toBe(200);
    nowMs += 1000;
    const expired = await join(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toBe(
      'This invitation has expired. Ask whoever invited you to send a new one.',
    );
    expect((await team(owner.cookie)).invites).toEqual([]);
    const unknown = await jsonPost(t.app, '/api/team/join/check', { token: 'x'.repeat(43) });
    expect(unknown.body).toMatch(/^This invitation link is not valid/);
  });

  it('lets one of two joins racing with one link through', async () => {
    const owner = await newCompany();
    await inviteOf(owner.cookie, 'race@example.com');
    const token = await linkMailedTo('race@example.com');
    const answers = await Promise.all([join(token, 'First'), join(token, 'Second')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.body).toBe(
      'This invitation was already used. Sign in with the account it made.',
    );
    expect(
      await t.sql.value('SELECT count(*) FROM users WHERE email = ?', 'race@example.com'),
    ).toBe(1);
  });

  it('limits a company to 20 invitations an hour', async () => {
    const owner = await newCompany();
    for (let n = 0; n < 20; n += 1) {
      expect((await inviteOf(owner.cookie, `bulk${companies}-${n}@example.com`)).statusCode).toBe(
        201,
      );
    }
    const over = await inviteOf(owner.cookie, `bulk${companies}-20@example.com`);
    expect(over.statusCode).toBe(429);
    expect(over.body).toMatch(/20 invitations an hour/);
  });
});

describe('who may manage the team', () => {
  it('refuses a member with the owner’s name, and a key; over tRPC the same', async () => {
    const owner = await newCompany();
    const cookie = await member(owner, `crew${companies}@example.com`);
    const refused = await inviteOf(cookie, 'friend@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('Only an owner can manage the team. Ask Pat Lee.');
    const twin = await trpcMutation(
      t.app,
      'team.invite',
      { email: 'friend@example.com', role: 'member' },
      { cookie },
    );
    expect(twin.statusCode).toBe(403);
    const ownerId = await idOf(owner.email);
    expect(
      (await jsonPut(t.app, `/api/team/members/${ownerId}`, { role: 'member' }, { cookie }))
        .statusCode,
    ).toBe(403);
    expect(
      (await bodylessRequest(t.app, 'DELETE', `/api/team/members/${ownerId}`, { cookie }))
        .statusCode,
    ).toBe(403);

    const key = (
      await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie: owner.cookie })
    ).json<{ key: string }>().key;
    const withKey = { origin: null, headers: { authorization: `Bearer ${key}` } };
    expect((await get(t.app, '/api/team', withKey)).statusCode).toBe(200);
    const byKey = await jsonPost(
      t.app,
      '/api/team/invites',
      { email: 'k@example.com', role: 'member' },
      withKey,
    );
    expect(byKey.statusCode).toBe(403);
  });

  it('answers 404 for another company’s invitation and people', async () => {
    const ours = await newCompany();
    const theirs = await newCompany('Other Co');
    const theirInvite = (await inviteOf(theirs.cookie, `their${companies}@example.com`)).json<{
      id: number;
    }>();
    const theirOwner = await idOf(theirs.email);
    const cookie = ours.cookie;
    expect(
      (await bodylessRequest(t.app, 'DELETE', `/api/team/invites/${theirInvite.id}`, { cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await jsonPut(t.app, `/api/team/members/${theirOwner}`, { role: 'member' }, { cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await bodylessRequest(t.app, 'DELETE', `/api/team/members/${theirOwner}`, { cookie }))
        .statusCode,
    ).toBe(404);
    expect((await team(cookie)).members.map((m) => m.email)).toEqual([ours.email]);
    expect((await team(theirs.cookie)).invites).toHaveLength(1);
  });
});

describe('roles and removal', () => {
  it('keeps an owner: the last one cannot be demoted, removed or leave', async () => {
    const owner = await newCompany();
    const ownerId = await idOf(owner.email);
    const demote = await jsonPut(
      t.app,
      `/api/team/members/${ownerId}`,
      { role: 'member' },
      { cookie: owner.cookie },
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.body).toBe(
      "Pat Lee is the company's only owner: make someone else an owner first.",
    );
    const leave = await bodylessRequest(t.app, 'DELETE', `/api/team/members/${ownerId}`, {
      cookie: owner.cookie,
    });
    expect(leave.statusCode).toBe(409);

    const email = `second${companies}@example.com`;
    await member(owner, email);
    const secondId = await idOf(email);
    expect(
      (
        await jsonPut(
          t.app,
          `/api/team/members/${secondId}`,
          { role: 'owner' },
          { cookie: owner.cookie },
        )
      ).statusCode,
    ).toBe(200);
    // With another owner, the first may step down.
    expect(
      (
        await jsonPut(
          t.app,
          `/api/team/members/${ownerId}`,
          { role: 'member' },
          { cookie: owner.cookie },
        )
      ).statusCode,
    ).toBe(200);
    expect((await team(owner.cookie)).members.map((m) => m.role)).toEqual(['member', 'owner']);
    const changed = (await logOf(owner.email)).filter((e) => e.type === 'team_role_changed');
    expect(changed.map((e): unknown => JSON.parse(e.details!))).toEqual([
      { email, role: 'owner', previous_role: 'member' },
      { email: owner.email, role: 'member', previous_role: 'owner' },
    ]);
  });

  it('signs a removed person out at their next request and revokes their keys and webhooks', async () => {
    const owner = await newCompany();
    const email = `leaving${companies}@example.com`;
    const cookie = await member(owner, email, 'owner');
    const key = (await jsonPost(t.app, '/api/keys', { name: 'Sync' }, { cookie })).json<{
      key: string;
    }>().key;
    const withKey = { origin: null, headers: { authorization: `Bearer ${key}` } };
    const hook = await jsonPost(
      t.app,
      '/api/webhooks',
      { url: 'http://127.0.0.1:9/hook', events: ['contract.sent'] },
      withKey,
    );
    expect(hook.statusCode, hook.body).toBe(201);
    await t.sql.run(
      "INSERT INTO contracts (company_id, created_by_user_id, status, client_name, created_at, updated_at) SELECT company_id, id, 'draft', 'Kept Client', '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z' FROM users WHERE email = ?",
      email,
    );

    const removed = await bodylessRequest(
      t.app,
      'DELETE',
      `/api/team/members/${await idOf(email)}`,
      { cookie: owner.cookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(t.app, '/api/auth/user', { cookie })).statusCode).toBe(401);
    expect((await get(t.app, '/api/team', { cookie })).statusCode).toBe(401);
    expect((await get(t.app, '/api/team', withKey)).statusCode).toBe(401);
    expect(
      await t.sql.value(
        'SELECT disabled_at IS NOT NULL FROM webhook_endpoints WHERE id = ?',
        hook.json<{ id: number }>().id,
      ),
    ).toBeTruthy();
    // Signing in again is refused with why, and makes no session; their contract stays.
    const login = await jsonPost(t.app, '/api/auth/login', { email, password });
    expect(login.statusCode).toBe(403);
    expect(login.body).toBe(REMOVED_FROM_COMPANY);
    expect(cookiePair(login, 'session') ?? cookiePair(login, '__Host-session')).toBeUndefined();
    expect((await team(owner.cookie)).members.map((m) => m.email)).toEqual([owner.email]);
    expect(
      await t.sql.value(
        "SELECT count(*) FROM contracts WHERE client_name = 'Kept Client' AND company_id = (SELECT company_id FROM users WHERE email = ?)",
        owner.email,
      ),
    ).toBe(1);
    const line = (await logOf(owner.email)).find((e) => e.type === 'team_member_removed');
    expect(JSON.parse(line!.details!)).toEqual({ email, role: 'owner', api_keys_revoked: 1 });

    // Invited again, they join again with the same account.
    const back = await member(owner, email);
    expect((await get(t.app, '/api/auth/user', { cookie: back })).json()).toMatchObject({
      user: { email },
    });
  });
});

describe('an email that already has an account', () => {
  it('is told to sign in, then accepts and moves into the company', async () => {
    const owner = await newCompany();
    const other = await newCompany('Solo Co');
    await inviteOf(owner.cookie, other.email);
    const token = await linkMailedTo(other.email);
    expect((await jsonPost(t.app, '/api/team/join/check', { token })).json()).toMatchObject({
      has_account: true,
    });
    const joined = await join(token);
    expect(joined.statusCode).toBe(409);
    expect(joined.body).toBe(
      'An account with this email already exists: sign in, then open this link again to join.',
    );
    // Someone else signed in cannot take it.
    const stranger = await newCompany();
    const wrong = await jsonPost(
      t.app,
      '/api/team/join/accept',
      { token },
      { cookie: stranger.cookie },
    );
    expect(wrong.statusCode).toBe(403);

    const accepted = await jsonPost(
      t.app,
      '/api/team/join/accept',
      { token },
      { cookie: other.cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await team(owner.cookie)).members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [other.email, 'member'],
    ]);
    expect((await team(other.cookie)).members).toHaveLength(2);
    expect(
      (await jsonPost(t.app, '/api/team/join/accept', { token }, { cookie: other.cookie }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses the only owner of a company that has other people', async () => {
    const owner = await newCompany();
    const busy = await newCompany('Busy Co');
    await member(busy, `busycrew${companies}@example.com`);
    await inviteOf(owner.cookie, busy.email);
    const token = await linkMailedTo(busy.email);
    const refused = await jsonPost(
      t.app,
      '/api/team/join/accept',
      { token },
      { cookie: busy.cookie },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/^You are the only owner of your company/);
    expect((await queuedMails(t, 'team_invite', busy.email)).length).toBe(1);
  });
});

describe("the company's security log", () => {
  it('shows every owner the team lines, naming who acted; a member sees only their own', async () => {
    const owner = await newCompany();
    const coOwner = await member(owner, 'co-owner@example.com', 'owner');
    const crew = await member(owner, 'crew-log@example.com');
    type Page = { events: { type: string; by: string | null; details: unknown }[] };
    const logAs = async (cookie: string) =>
      (await get(t.app, '/api/auth/security-log', { cookie })).json<Page>().events;

    const seenByCoOwner = await logAs(coOwner);
    const invited = seenByCoOwner.find(
      (line) =>
        line.type === 'team_invite_sent' &&
        (line.details as { email?: string }).email === 'crew-log@example.com',
    );
    expect(invited).toMatchObject({ by: 'Pat Lee', details: { role: 'member' } });
    // Of the others' lines only the team's show: never Pat's sign-ins or account.
    const others = seenByCoOwner.filter((line) => line.by !== null).map((line) => line.type);
    expect(others.every((type) => type.startsWith('team_'))).toBe(true);
    // The co-owner's own lines carry no name.
    expect(seenByCoOwner.filter((line) => line.by === null).map((line) => line.type)).toContain(
      'account_created',
    );

    const seenByCrew = await logAs(crew);
    expect(seenByCrew.every((line) => line.by === null)).toBe(true);
    expect(seenByCrew.map((line) => line.type)).not.toContain('team_invite_sent');
  });
});

describe('your own name', () => {
  it('is set by each person for themselves, shown to the team, refused to a key', async () => {
    const owner = await newCompany('Named Co');
    const answer = await jsonPut(
      t.app,
      '/api/team/me',
      { name: '  Pat Quinn ' },
      { cookie: owner.cookie },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ name: 'Pat Quinn' });
    const listed = (await team(owner.cookie)).members.find((m) => m.email === owner.email);
    expect(listed?.name).toBe('Pat Quinn');
    const me = await get(t.app, '/api/auth/user', { cookie: owner.cookie });
    expect(me.json()).toMatchObject({ user: { name: 'Pat Quinn', role: 'owner' } });

    const empty = await jsonPut(t.app, '/api/team/me', { name: '   ' }, { cookie: owner.cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter your name');

    const key = await jsonPost(t.app, '/api/keys', { name: 'Books' }, { cookie: owner.cookie });
    const bearer = { headers: { authorization: `Bearer ${key.json<{ key: string }>().key}` } };
    const byKey = await jsonPut(t.app, '/api/team/me', { name: 'Robot' }, bearer);
    expect(byKey.statusCode).toBe(403);
  });
});
