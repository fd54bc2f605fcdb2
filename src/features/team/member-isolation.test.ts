import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { queuedMails } from '../../test/account-mail.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  bodylessRequest,
  cookiePair,
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  openQueuedBody,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';

/**
 * Two companies, each an owner and a member who joined by invitation (issue 35,
 * docs/decisions/045), on either engine. A member of one company reaches nothing of the other's
 * (the same 404 as a row that does not exist); within their own company a member works on every
 * contract but is refused, with who to ask, what only an owner may do; a key acts with its
 * maker's role as it is now; and each company's signing links and mails stay its own.
 */
let t: TestApp;
const password = 'correct horse';
let companies = 0;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await t.close();
});

interface Company {
  name: string;
  owner: { email: string; cookie: string; id: number };
  member: { email: string; cookie: string; id: number };
}

const idOf = (email: string) => t.sql.value<number>('SELECT id FROM users WHERE email = ?', email);

/** The token of the /join/ link in the newest invitation mailed to `email` (as team.test.ts). */
async function joinLinkMailedTo(email: string): Promise<string> {
  const mail = (await queuedMails(t, 'team_invite', email)).at(-1);
  const token = /\/join\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no /join/ link mailed to ${email}`);
  return token;
}

/** Invites `email` through the real route and joins with the mailed link: their cookie. */
async function joinByInvitation(
  ownerCookie: string,
  email: string,
  name: string,
  role: 'owner' | 'member' = 'member',
) {
  const invited = await jsonPost(
    t.app,
    '/api/team/invites',
    { email, role },
    { cookie: ownerCookie },
  );
  expect(invited.statusCode, invited.body).toBe(201);
  const joined = await jsonPost(t.app, '/api/team/join', {
    token: await joinLinkMailedTo(email),
    name,
    password,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const cookie = cookiePair(joined, 'session') ?? cookiePair(joined, '__Host-session');
  if (!cookie) throw new Error('the join set no session cookie');
  return cookie;
}

/** A company whose owner is named `ownerName` (set with SQL, as team.test.ts does) and a member. */
async function newCompany(name: string, ownerName: string, memberName: string): Promise<Company> {
  companies += 1;
  const ownerEmail = `owner${companies}@example.com`;
  const memberEmail = `member${companies}@example.com`;
  const ownerCookie = await signUp(t.app, { email: ownerEmail, password, company_name: name });
  await t.sql.run('UPDATE users SET name = ? WHERE email = ?', ownerName, ownerEmail);
  const memberCookie = await joinByInvitation(ownerCookie, memberEmail, memberName);
  for (const cookie of [ownerCookie, memberCookie]) {
    const accepted = await jsonPost(
      t.app,
      '/api/acceptances',
      { type: 'legal_disclaimer', typed_name: 'Typed Name' },
      { cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  }
  return {
    name,
    owner: { email: ownerEmail, cookie: ownerCookie, id: await idOf(ownerEmail) },
    member: { email: memberEmail, cookie: memberCookie, id: await idOf(memberEmail) },
  };
}

async function draftBy(cookie: string, client: { name: string; email: string }) {
  const created = await jsonPost(t.app, '/api/contracts', sendableDraft(client), { cookie });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

/** A contract written, signed and sent by the person with `cookie`: its id and mailed token. */
async function sentBy(cookie: string, client: { name: string; email: string }) {
  const id = await draftBy(cookie, client);
  const signed = await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    { cookie },
  );
  expect(signed.statusCode, signed.body).toBe(200);
  const sent = await jsonPost(
    t.app,
    `/api/contracts/${id}/send`,
    { client_data: client },
    { cookie },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, token: await newestLink(id, 'signing_request') };
}

/** The mails of one kind about a contract, bodies opened. */
async function contractMails(contractId: number, kind: string) {
  const rows = await t.sql.all<{ to_address: string; subject: string; text: string | null }>(
    'SELECT to_address, subject, text FROM email_outbox WHERE contract_id = ? AND kind = ? ORDER BY id',
    contractId,
    kind,
  );
  return rows.map((row) => ({ ...row, text: openQueuedBody(t, row.text ?? '') }));
}

async function newestLink(contractId: number, kind: string): Promise<string> {
  const mail = (await contractMails(contractId, kind)).at(-1);
  const token = /\/esign\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${kind} link for contract ${contractId}`);
  return token;
}

const contractRow = (id: number) =>
  t.sql.get<{ status: string; updated_at: string; last_reminder_at: string | null }>(
    'SELECT status, updated_at, last_reminder_at FROM contracts WHERE id = ?',
    id,
  );

let a: Company;
let b: Company;
const clientOfA = { name: 'Avery Client', email: 'avery@example.com' };
const clientOfB = { name: 'Blake Client', email: 'blake@example.com' };
/** B's rows A's member goes after. */
const theirs = {
  sent: 0,
  draft: 0,
  template: 0,
  webhook: 0,
  apiKey: '',
  invite: 0,
};

beforeAll(async () => {
  a = await newCompany('Alder Builders', 'Pat Lee', 'Sam Diaz');
  b = await newCompany('Birch Roofing', 'Robin Park', 'Kim Ode');
  theirs.sent = (await sentBy(b.owner.cookie, clientOfB)).id;
  theirs.draft = await draftBy(b.member.cookie, clientOfB);
  const template = await jsonPost(
    t.app,
    '/api/templates',
    { name: 'Birch gutters', html: '<p>{{client.name}}</p>' },
    { cookie: b.owner.cookie },
  );
  expect(template.statusCode, template.body).toBe(201);
  theirs.template = template.json<{ id: number }>().id;
  const hook = await jsonPost(
    t.app,
    '/api/webhooks',
    { url: 'http://127.0.0.1:9/birch', events: ['contract.sent'] },
    { cookie: b.owner.cookie },
  );
  expect(hook.statusCode, hook.body).toBe(201);
  theirs.webhook = hook.json<{ id: number }>().id;
  const key = await jsonPost(
    t.app,
    '/api/keys',
    { name: 'Birch sync' },
    { cookie: b.owner.cookie },
  );
  expect(key.statusCode, key.body).toBe(201);
  theirs.apiKey = key.json<{ id: string }>().id;
  const invite = await jsonPost(
    t.app,
    '/api/team/invites',
    { email: 'pending-birch@example.com', role: 'member' },
    { cookie: b.owner.cookie },
  );
  theirs.invite = invite.json<{ id: number }>().id;
});

function expectNotFound(answer: LightMyRequestResponse, what: string) {
  expect(answer.statusCode, `${what}: ${answer.body}`).toBe(404);
}

describe("another company's contracts, for a member", () => {
  it('answers every call on them 404, over REST, and changes nothing', async () => {
    const cookie = a.member.cookie;
    const before = await contractRow(theirs.sent);
    const draftBefore = await contractRow(theirs.draft);
    const mailsBefore = Number(await t.sql.value('SELECT count(*) FROM email_outbox'));
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['GET', () => get(t.app, `/api/contracts/${theirs.sent}`, { cookie })],
      [
        'PUT',
        () =>
          jsonPut(t.app, `/api/contracts/${theirs.draft}`, sendableDraft(clientOfA), { cookie }),
      ],
      [
        'sign-mine',
        () =>
          jsonPost(
            t.app,
            `/api/contracts/${theirs.draft}/sign-mine`,
            { signature: TEST_SIGNATURE_PNG },
            { cookie },
          ),
      ],
      [
        'send',
        () =>
          jsonPost(
            t.app,
            `/api/contracts/${theirs.draft}/send`,
            { client_data: clientOfA },
            { cookie },
          ),
      ],
      [
        'remind',
        () => bodylessRequest(t.app, 'POST', `/api/contracts/${theirs.sent}/remind`, { cookie }),
      ],
      [
        'extend',
        () => jsonPost(t.app, `/api/contracts/${theirs.sent}/extend`, { days: 7 }, { cookie }),
      ],
      [
        'void',
        () =>
          jsonPost(
            t.app,
            `/api/contracts/${theirs.sent}/void`,
            { reason: 'Taking it over' },
            { cookie },
          ),
      ],
      [
        'revise',
        () => bodylessRequest(t.app, 'POST', `/api/contracts/${theirs.sent}/revise`, { cookie }),
      ],
      [
        'copy',
        () => bodylessRequest(t.app, 'POST', `/api/contracts/${theirs.sent}/copy`, { cookie }),
      ],
      ['timeline', () => get(t.app, `/api/contracts/${theirs.sent}/timeline`, { cookie })],
      [
        'executed copy',
        () => get(t.app, `/api/contracts/${theirs.sent}/executed-copy`, { cookie }),
      ],
      [
        'next client email',
        () => get(t.app, `/api/contracts/${theirs.sent}/next-client-email`, { cookie }),
      ],
    ];
    calls.push(
      ['executed.pdf', () => get(t.app, `/api/contracts/${theirs.sent}/executed.pdf`, { cookie })],
      [
        'executed copy retry',
        () =>
          bodylessRequest(t.app, 'POST', `/api/contracts/${theirs.sent}/executed-copy/retry`, {
            cookie,
          }),
      ],
    );
    for (const [what, call] of calls) expectNotFound(await call(), what);

    expect(await contractRow(theirs.sent)).toEqual(before);
    expect(await contractRow(theirs.draft)).toEqual(draftBefore);
    expect(Number(await t.sql.value('SELECT count(*) FROM email_outbox'))).toBe(mailsBefore);
    const listed = await get(t.app, '/api/contracts', { cookie });
    expect(listed.json<{ id: number }[]>().map((c) => c.id)).not.toContain(theirs.sent);
    expect(listed.json<{ id: number }[]>().map((c) => c.id)).not.toContain(theirs.draft);
    // Searching for the other company's client finds nothing.
    const searched = await get(t.app, '/api/contracts?q=Blake', { cookie });
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.json()).toEqual([]);
  });

  it('answers them 404 over tRPC too', async () => {
    const cookie = a.member.cookie;
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['contracts.get', () => trpcQuery(t.app, 'contracts.get', { id: theirs.sent }, { cookie })],
      [
        'contracts.timeline',
        () => trpcQuery(t.app, 'contracts.timeline', { id: theirs.sent }, { cookie }),
      ],
      [
        'contracts.update',
        () =>
          trpcMutation(
            t.app,
            'contracts.update',
            { id: theirs.draft, ...sendableDraft(clientOfA) },
            { cookie },
          ),
      ],
      [
        'followUp.remind',
        () => trpcMutation(t.app, 'followUp.remind', { id: theirs.sent }, { cookie }),
      ],
      [
        'followUp.void',
        () =>
          trpcMutation(
            t.app,
            'followUp.void',
            { id: theirs.sent, reason: 'Taking it over' },
            { cookie },
          ),
      ],
      [
        'documents.executedCopy',
        () => trpcQuery(t.app, 'documents.executedCopy', { id: theirs.sent }, { cookie }),
      ],
    ];
    for (const [what, call] of calls) expectNotFound(await call(), what);
    expect((await contractRow(theirs.sent))?.status).toBe('sent');
  });
});

describe("another company's templates, keys, webhooks and people", () => {
  it("answers a member 404 for the other company's template, over REST and tRPC", async () => {
    const cookie = a.member.cookie;
    expectNotFound(await get(t.app, `/api/templates/${theirs.template}`, { cookie }), 'GET');
    expectNotFound(
      await jsonPut(
        t.app,
        `/api/templates/${theirs.template}`,
        { name: 'Mine now', html: '<p>x</p>' },
        { cookie },
      ),
      'PUT',
    );
    expectNotFound(
      await bodylessRequest(t.app, 'DELETE', `/api/templates/${theirs.template}`, { cookie }),
      'DELETE',
    );
    expectNotFound(
      await trpcQuery(t.app, 'templates.get', { id: theirs.template }, { cookie }),
      'templates.get',
    );
    const list = await get(t.app, '/api/templates', { cookie });
    expect(list.json<{ id: number }[]>().map((row) => row.id)).not.toContain(theirs.template);
    expect(
      await t.sql.value<string>('SELECT name FROM templates WHERE id = ?', theirs.template),
    ).toBe('Birch gutters');
  });

  it("gives a member the same owner-only refusal for the other company's key, webhook, invitation and people as for none: nothing about them is learnt", async () => {
    const cookie = a.member.cookie;
    const pairs: [
      string,
      (id: string | number) => Promise<LightMyRequestResponse>,
      string | number,
      string | number,
      string,
    ][] = [
      [
        'revoke key',
        (id) => bodylessRequest(t.app, 'DELETE', `/api/keys/${id}`, { cookie }),
        theirs.apiKey,
        'aaaaaaaaaaaaaaaa',
        'manage API keys',
      ],
      [
        'delete webhook',
        (id) => bodylessRequest(t.app, 'DELETE', `/api/webhooks/${id}`, { cookie }),
        theirs.webhook,
        999_999,
        'manage webhooks',
      ],
      [
        'webhook deliveries',
        (id) => get(t.app, `/api/webhooks/${id}/deliveries`, { cookie }),
        theirs.webhook,
        999_999,
        'manage webhooks',
      ],
      [
        'cancel invitation',
        (id) => bodylessRequest(t.app, 'DELETE', `/api/team/invites/${id}`, { cookie }),
        theirs.invite,
        999_999,
        'manage the team',
      ],
      [
        'change role',
        (id) => jsonPut(t.app, `/api/team/members/${id}`, { role: 'owner' }, { cookie }),
        b.member.id,
        999_999,
        'manage the team',
      ],
      [
        'remove person',
        (id) => bodylessRequest(t.app, 'DELETE', `/api/team/members/${id}`, { cookie }),
        b.member.id,
        999_999,
        'manage the team',
      ],
    ];
    for (const [what, call, theirId, noId, action] of pairs) {
      const answer = await call(theirId);
      const none = await call(noId);
      expect(answer.statusCode, what).toBe(403);
      // The refusal names A's owner, never B's, and reads the same for a row that is not there.
      expect(answer.body, what).toBe(`Only an owner can ${action}. Ask Pat Lee.`);
      expect({ status: none.statusCode, body: none.body }, what).toEqual({
        status: answer.statusCode,
        body: answer.body,
      });
    }
    const team = await get(t.app, '/api/team', { cookie });
    expect(team.statusCode).toBe(200);
    const people = team.json<{ members: { email: string }[]; invites: unknown[] }>();
    expect(people.members.map((m) => m.email).sort()).toEqual(
      [a.member.email, a.owner.email].sort(),
    );
    expect(people.invites).toEqual([]);
    // B's rows are all still there.
    expect(
      await t.sql.value('SELECT revoked_at FROM api_keys WHERE id = ?', theirs.apiKey),
    ).toBeNull();
    expect(
      await t.sql.value('SELECT canceled_at FROM team_invites WHERE id = ?', theirs.invite),
    ).toBeNull();
    expect(await t.sql.value('SELECT role FROM users WHERE id = ?', b.member.id)).toBe('member');
    expect(await t.sql.value('SELECT removed_at FROM users WHERE id = ?', b.member.id)).toBeNull();
  });

  it("answers an owner 404 for the other company's key, webhook, template default, invitation and people", async () => {
    const cookie = a.owner.cookie;
    expectNotFound(
      await bodylessRequest(t.app, 'DELETE', `/api/keys/${theirs.apiKey}`, { cookie }),
      'revoke key',
    );
    expectNotFound(
      await bodylessRequest(t.app, 'DELETE', `/api/webhooks/${theirs.webhook}`, { cookie }),
      'delete webhook',
    );
    expectNotFound(
      await bodylessRequest(t.app, 'POST', `/api/webhooks/${theirs.webhook}/rotate-secret`, {
        cookie,
      }),
      'rotate secret',
    );
    expectNotFound(
      await get(t.app, `/api/webhooks/${theirs.webhook}/deliveries`, { cookie }),
      'deliveries',
    );
    expectNotFound(
      await bodylessRequest(t.app, 'POST', `/api/templates/${theirs.template}/set-default`, {
        cookie,
      }),
      'set default',
    );
    expectNotFound(
      await bodylessRequest(t.app, 'DELETE', `/api/team/invites/${theirs.invite}`, { cookie }),
      'cancel invitation',
    );
    expectNotFound(
      await jsonPut(t.app, `/api/team/members/${b.member.id}`, { role: 'owner' }, { cookie }),
      'change role',
    );
    expectNotFound(
      await bodylessRequest(t.app, 'DELETE', `/api/team/members/${b.member.id}`, { cookie }),
      'remove person',
    );
    expectNotFound(
      await trpcMutation(t.app, 'apiKeys.revoke', { id: theirs.apiKey }, { cookie }),
      'apiKeys.revoke',
    );
    expectNotFound(
      await trpcMutation(t.app, 'webhooks.delete', { id: theirs.webhook }, { cookie }),
      'webhooks.delete',
    );
    expect(
      await t.sql.value('SELECT count(*) FROM webhook_endpoints WHERE id = ?', theirs.webhook),
    ).toBe(1);
    expect(
      await t.sql.value('SELECT revoked_at FROM api_keys WHERE id = ?', theirs.apiKey),
    ).toBeNull();
  });
});

describe("a member's own company", () => {
  it("lists the owner's contracts and follows them through: a reminder goes to the company's client", async () => {
    const ours = await sentBy(a.owner.cookie, clientOfA);
    const ownDraft = await draftBy(a.member.cookie, clientOfA);
    const listed = await get(t.app, '/api/contracts', { cookie: a.member.cookie });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<{ id: number }[]>().map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([ours.id, ownDraft]));
    // The owner sees what the member wrote.
    const ownersList = await get(t.app, '/api/contracts', { cookie: a.owner.cookie });
    expect(ownersList.json<{ id: number }[]>().map((c) => c.id)).toContain(ownDraft);

    const reminded = await bodylessRequest(t.app, 'POST', `/api/contracts/${ours.id}/remind`, {
      cookie: a.member.cookie,
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json()).toMatchObject({ id: ours.id, reminder: 1 });
    const reminder = (await contractMails(ours.id, 'signing_reminder')).at(-1);
    expect(reminder?.to_address).toBe(clientOfA.email);
    const page = await get(t.app, `/api/esign/${await newestLink(ours.id, 'signing_reminder')}`);
    expect(page.json()).toMatchObject({ id: ours.id, company_name: 'Alder Builders' });
  });

  it('lets a member write and change a template that is not the default, but not make it the default', async () => {
    const cookie = a.member.cookie;
    const created = await jsonPost(
      t.app,
      '/api/templates',
      { name: 'Crew notes', html: '<p>{{client.name}}</p>' },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const changed = await jsonPut(
      t.app,
      `/api/templates/${id}`,
      { name: 'Crew notes', html: '<p>v2 {{client.name}}</p>' },
      { cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, html: '<p>v2 {{client.name}}</p>' });
    const asDefault = await jsonPost(
      t.app,
      '/api/templates',
      { name: 'Crew default', html: '<p>x</p>', is_preset: true },
      { cookie },
    );
    expect(asDefault.statusCode).toBe(403);
    expect(asDefault.body).toBe('Only an owner can change the default template. Ask Pat Lee.');
  });

  it("lets a member delete a template they wrote, and only an owner another's", async () => {
    const write = async (cookie: string, name: string) => {
      const created = await jsonPost(
        t.app,
        '/api/templates',
        { name, html: '<p>{{client.name}}</p>' },
        { cookie },
      );
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    const remove = (cookie: string, id: number) =>
      bodylessRequest(t.app, 'DELETE', `/api/templates/${id}`, { cookie });
    const ownersTemplate = await write(a.owner.cookie, 'Office terms');
    const refused = await remove(a.member.cookie, ownersTemplate);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(
      'Only an owner can delete a template someone else wrote. Ask Pat Lee.',
    );
    expect(
      (await get(t.app, `/api/templates/${ownersTemplate}`, { cookie: a.owner.cookie })).statusCode,
    ).toBe(200);
    expect((await remove(a.member.cookie, await write(a.member.cookie, 'Mine'))).statusCode).toBe(
      200,
    );
    const membersTemplate = await write(a.member.cookie, 'Crew draft');
    expect((await remove(a.owner.cookie, membersTemplate)).statusCode).toBe(200);
    expect((await remove(a.owner.cookie, ownersTemplate)).statusCode).toBe(200);
  });
});

describe('what only an owner may do', () => {
  async function defaultTemplateOf(cookie: string) {
    const answer = await get(t.app, '/api/templates/default', { cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ id: number; name: string; html: string }>();
  }

  function uploadLogo(cookie: string) {
    const boundary = '----member-isolation-boundary';
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(56, 7),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/prefs/logo',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: t.origin,
        cookie,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  it('refuses a member with 403 and who to ask, over REST, changing nothing', async () => {
    const cookie = a.member.cookie;
    const standard = await defaultTemplateOf(a.owner.cookie);
    const other = (
      await jsonPost(
        t.app,
        '/api/templates',
        { name: 'Spare', html: '<p>spare</p>' },
        { cookie: a.owner.cookie },
      )
    ).json<{ id: number }>().id;
    const refusals: [string, () => Promise<LightMyRequestResponse>, string][] = [
      ['GET /api/keys', () => get(t.app, '/api/keys', { cookie }), 'manage API keys'],
      [
        'POST /api/keys',
        () => jsonPost(t.app, '/api/keys', { name: 'Mine' }, { cookie }),
        'manage API keys',
      ],
      [
        'POST /api/webhooks',
        () =>
          jsonPost(
            t.app,
            '/api/webhooks',
            { url: 'http://127.0.0.1:9/crew', events: ['contract.sent'] },
            { cookie },
          ),
        'manage webhooks',
      ],
      [
        'PUT /api/prefs',
        () => jsonPut(t.app, '/api/prefs', { company_name: 'Crew Co' }, { cookie }),
        'change the company settings and branding',
      ],
      [
        'POST /api/prefs/logo',
        () => uploadLogo(cookie),
        'change the company settings and branding',
      ],
      [
        'PUT the default template',
        () =>
          jsonPut(
            t.app,
            `/api/templates/${standard.id}`,
            { name: standard.name, html: '<p>changed by the crew</p>' },
            { cookie },
          ),
        'change the default template',
      ],
      [
        'set-default',
        () => bodylessRequest(t.app, 'POST', `/api/templates/${other}/set-default`, { cookie }),
        'change the default template',
      ],
      [
        'POST /api/team/invites',
        () =>
          jsonPost(
            t.app,
            '/api/team/invites',
            { email: 'friend@example.com', role: 'member' },
            { cookie },
          ),
        'manage the team',
      ],
    ];
    for (const [what, call, action] of refusals) {
      const answer = await call();
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(403);
      expect(answer.body, what).toBe(`Only an owner can ${action}. Ask Pat Lee.`);
    }
    const prefs = await get(t.app, '/api/prefs', { cookie });
    expect(prefs.json()).toMatchObject({ company_name: 'Alder Builders', logo_path: null });
    expect(await defaultTemplateOf(a.owner.cookie)).toMatchObject({
      id: standard.id,
      html: standard.html,
    });
    expect(
      await t.sql.value('SELECT count(*) FROM team_invites WHERE email = ?', 'friend@example.com'),
    ).toBe(0);
    // The owner may do each of them.
    expect((await get(t.app, '/api/keys', { cookie: a.owner.cookie })).statusCode).toBe(200);
    expect((await uploadLogo(a.owner.cookie)).statusCode).toBe(200);
  });

  it('refuses the same over tRPC', async () => {
    const cookie = a.member.cookie;
    const standard = await defaultTemplateOf(a.owner.cookie);
    const refusals: [string, () => Promise<LightMyRequestResponse>, string][] = [
      [
        'apiKeys.list',
        () => trpcQuery(t.app, 'apiKeys.list', undefined, { cookie }),
        'manage API keys',
      ],
      [
        'webhooks.create',
        () =>
          trpcMutation(
            t.app,
            'webhooks.create',
            { url: 'http://127.0.0.1:9/crew', events: ['contract.sent'] },
            { cookie },
          ),
        'manage webhooks',
      ],
      [
        'prefs.update',
        () => trpcMutation(t.app, 'prefs.update', { company_name: 'Crew Co' }, { cookie }),
        'change the company settings and branding',
      ],
      [
        'templates.update',
        () =>
          trpcMutation(
            t.app,
            'templates.update',
            { id: standard.id, name: standard.name, html: '<p>crew</p>' },
            { cookie },
          ),
        'change the default template',
      ],
      [
        'templates.setDefault',
        () => trpcMutation(t.app, 'templates.setDefault', { id: standard.id }, { cookie }),
        'change the default template',
      ],
      [
        'team.invite',
        () =>
          trpcMutation(
            t.app,
            'team.invite',
            { email: 'friend@example.com', role: 'member' },
            { cookie },
          ),
        'manage the team',
      ],
    ];
    for (const [what, call, action] of refusals) {
      const answer = await call();
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(403);
      expect(answer.json<{ error: { message: string } }>().error.message, what).toBe(
        `Only an owner can ${action}. Ask Pat Lee.`,
      );
    }
  });

  it("refuses an owner's API key on webhooks once its maker is no longer an owner", async () => {
    const c = await newCompany('Cedar Fencing', 'Lou Grant', 'Mo Reyes');
    const key = (
      await jsonPost(t.app, '/api/keys', { name: 'Cedar sync' }, { cookie: c.owner.cookie })
    ).json<{ key: string }>().key;
    const withKey = { origin: null, headers: { authorization: `Bearer ${key}` } };
    expect((await get(t.app, '/api/webhooks', withKey)).statusCode).toBe(200);

    const coOwnerCookie = await joinByInvitation(
      c.owner.cookie,
      `co-owner${companies}@example.com`,
      'Jo Banks',
      'owner',
    );
    const demoted = await jsonPut(
      t.app,
      `/api/team/members/${c.owner.id}`,
      { role: 'member' },
      { cookie: coOwnerCookie },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);

    const listed = await get(t.app, '/api/webhooks', withKey);
    expect(listed.statusCode).toBe(403);
    expect(listed.body).toBe('Only an owner can manage webhooks. Ask Jo Banks.');
    const created = await jsonPost(
      t.app,
      '/api/webhooks',
      { url: 'http://127.0.0.1:9/cedar', events: ['contract.sent'] },
      withKey,
    );
    expect(created.statusCode).toBe(403);
    expect(
      await t.sql.value(
        'SELECT count(*) FROM webhook_endpoints WHERE company_id = (SELECT company_id FROM users WHERE id = ?)',
        c.owner.id,
      ),
    ).toBe(0);
    // What a member may do, the key still does.
    expect((await get(t.app, '/api/contracts', withKey)).statusCode).toBe(200);
  });
});

describe("each company's signing links and mails", () => {
  it('open only their own contract and tell only their own people', async () => {
    // A's member sends this one: its mails about the client go to the member.
    const ours = await sentBy(a.member.cookie, { name: 'Casey Own', email: 'casey@example.com' });
    const other = await sentBy(b.owner.cookie, { name: 'Drew Other', email: 'drew@example.com' });

    const request = await contractMails(ours.id, 'signing_request');
    expect(request.map((mail) => mail.to_address)).toEqual(['casey@example.com']);
    expect(request[0]?.text).toContain('Alder Builders');
    expect(request[0]?.text).not.toContain('Birch Roofing');
    const theirRequest = await contractMails(other.id, 'signing_request');
    expect(theirRequest.map((mail) => mail.to_address)).toEqual(['drew@example.com']);
    expect(theirRequest[0]?.text).toContain('Birch Roofing');

    const page = await get(t.app, `/api/esign/${ours.token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id: ours.id, company_name: 'Alder Builders' });
    const theirPage = await get(t.app, `/api/esign/${other.token}`);
    expect(theirPage.json()).toMatchObject({ id: other.id, company_name: 'Birch Roofing' });

    // The first opening tells whoever sent it, in that company only.
    expect((await contractMails(ours.id, 'viewed_alert')).map((m) => m.to_address)).toEqual([
      a.member.email,
    ]);
    expect((await contractMails(other.id, 'viewed_alert')).map((m) => m.to_address)).toEqual([
      b.owner.email,
    ]);
    // The member of the other company cannot see it from inside the app either.
    expectNotFound(
      await get(t.app, `/api/contracts/${ours.id}/timeline`, { cookie: b.member.cookie }),
      'timeline',
    );
  });
});
