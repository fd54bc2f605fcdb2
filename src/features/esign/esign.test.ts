import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  openQueuedBody,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { TEST_SIGNATURE_PNG as SIGNATURE } from '../../test/factories.js';
import { viewSigningPage } from './esign.service.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';

const client = {
  name: 'Jordan Rivera',
  email: 'jordan@example.com',
  phone: '5551234567',
  address: '42 Maple St',
};
const draft = {
  client_id: null,
  client_name: client.name,
  client_email: client.email,
  client_phone: client.phone,
  client_address: client.address,
  scope_raw: ['drip line'],
  scope_clean: { paragraph: 'Install a drip line.', bullets: ['Install drip line'] },
  total_price_cents: 500_000,
  payment_plan_json: [
    { label: 'Stage 1', percent: 33, amount_cents: 0, trigger: 'At signing' },
    { label: 'Stage 2', percent: 33, amount_cents: 0, trigger: 'Mid-project' },
    { label: 'Stage 3', percent: 34, amount_cents: 0, trigger: 'Substantial completion' },
  ],
  my_signature_png: null,
};

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, {
    email: 'sender@example.com',
    password: 'secret123',
    company_name: 'Sender Co',
  });
  await jsonPost(
    t.app,
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: 'Sam Sender' },
    { cookie: owner },
  );
});
afterAll(async () => {
  await t.close();
});

async function signedDraft(overrides: Record<string, unknown> = {}, cookie = owner) {
  const created = (
    await jsonPost(t.app, '/api/contracts', { ...draft, ...overrides }, { cookie })
  ).json<Contract>();
  await jsonPost(
    t.app,
    `/api/contracts/${created.id}/sign-mine`,
    { signature: SIGNATURE },
    { cookie },
  );
  return created.id;
}

const send = (id: number, clientData: unknown = client, cookie = owner) =>
  jsonPost(t.app, `/api/contracts/${id}/send`, { client_data: clientData }, { cookie });

/** The token travels only in the queued email, so that is where a test finds it. */
async function tokenFromOutbox(contractId: number): Promise<string> {
  const mail = await t.sql.get<{ text: string }>(
    "SELECT text FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
    contractId,
  );
  if (!mail) throw new Error('no signing request queued');
  const match = /\/esign\/([A-Za-z0-9_-]{43})/.exec(openQueuedBody(t, mail.text));
  if (!match?.[1]) throw new Error('no signing link in the email');
  return match[1];
}

async function viewsOf(contractId: number) {
  const rows = await t.sql.all<{ details: string }>(
    "SELECT details FROM contract_events WHERE contract_id = ? AND type = 'viewed' ORDER BY id",
    contractId,
  );
  return rows.map((row) => ({ first: (JSON.parse(row.details) as { first: boolean }).first }));
}

async function sentContract() {
  const id = await signedDraft();
  expect((await send(id)).statusCode).toBe(200);
  return { id, token: await tokenFromOutbox(id) };
}

const signAsClient = (
  token: string,
  body: Record<string, unknown> = { signature: SIGNATURE, consent: true },
) =>
  jsonPost(t.app, `/api/esign/${token}`, body, { headers: { 'user-agent': 'HomeownerPhone/1.0' } });

describe('sending a contract', () => {
  it('freezes the document, creates a hashed link, queues the email and answers no token', async () => {
    const id = await signedDraft();
    const answer = await send(id);
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual([
      'id',
      'link_expires_at',
      'sent_at',
      'status',
    ]);
    const token = await tokenFromOutbox(id);
    expect(answer.body).not.toContain(token);

    const contract = (await get(t.app, `/api/contracts/${id}`, { cookie: owner })).json<Contract>();
    expect(contract.status).toBe('sent');
    expect(contract.template_html).toContain('Jordan Rivera');
    expect(contract.template_html).toContain('$5,000.00');
    expect(contract.client_data).toMatchObject({ name: client.name, email: client.email });
    expect(JSON.stringify(contract)).not.toContain(token);
    expect((await get(t.app, '/api/contracts', { cookie: owner })).body).not.toContain(token);

    const links = await t.sql.all(
      'SELECT token_sha256 FROM signing_links WHERE contract_id = ?',
      id,
    );
    expect(JSON.stringify(links)).not.toContain(token);
    const mail = await t.sql.get(
      'SELECT to_address, status FROM email_outbox WHERE contract_id = ?',
      id,
    );
    expect(mail).toEqual({ to_address: 'jordan@example.com', status: 'pending' });
    // Sent contracts are immutable.
    expect(
      (await jsonPut(t.app, `/api/contracts/${id}`, { client_name: 'X' }, { cookie: owner }))
        .statusCode,
    ).toBe(409);
    expect((await send(id)).statusCode).toBe(409);
  });

  it('keeps the snapshot when the template changes afterwards', async () => {
    const { token } = await sentContract();
    const view = async () =>
      (await get(t.app, `/api/esign/${token}`)).json<{ document_html: string }>().document_html;
    const before = await view();
    const template = (await get(t.app, '/api/templates/default', { cookie: owner })).json<{
      id: number;
      name: string;
      html: string;
    }>();
    const edit = (body: { name: string; html: string }) =>
      jsonPut(t.app, `/api/templates/${template.id}`, body, { cookie: owner });
    try {
      expect((await edit({ name: 'Changed', html: '<p>Changed terms</p>' })).statusCode).toBe(200);
      expect(await view()).toBe(before);
    } finally {
      expect((await edit({ name: template.name, html: template.html })).statusCode).toBe(200);
    }
  });

  it.each([
    [
      'the contractor has not signed',
      async () =>
        (await jsonPost(t.app, '/api/contracts', draft, { cookie: owner })).json<Contract>().id,
      client,
      409,
      'Sign the contract',
    ],
    [
      'the client email is invalid',
      () => signedDraft(),
      { ...client, email: 'nope' },
      400,
      'Invalid email address',
    ],
    [
      'the client name is too short',
      () => signedDraft(),
      { ...client, name: 'J' },
      400,
      'Name must be at least 2 characters',
    ],
    [
      'the client differs from the saved contract',
      () => signedDraft(),
      { ...client, email: 'other@example.com' },
      409,
      'differ',
    ],
    ['there is no scope', () => signedDraft({ scope_clean: null }), client, 400, 'scope'],
    ['the total is zero', () => signedDraft({ total_price_cents: 0 }), client, 400, 'total price'],
    [
      'the plan does not total 100%',
      () =>
        signedDraft({
          payment_plan_json: [{ label: 'Only', percent: 50, amount_cents: 0, trigger: 'x' }],
        }),
      client,
      400,
      '100%',
    ],
  ] as const)('is refused when %s', async (_label, makeDraft, clientData, status, message) => {
    const id = await makeDraft();
    const answer = await send(id, clientData);
    expect(answer.statusCode).toBe(status);
    expect(answer.body).toContain(message);
    const contract = (await get(t.app, `/api/contracts/${id}`, { cookie: owner })).json<Contract>();
    expect(contract.status).toBe('draft');
  });

  it('is refused until the legal acknowledgment is accepted', async () => {
    const fresh = await signUp(t.app, {
      email: 'nolegal@example.com',
      password: 'secret123',
      company_name: 'No Legal Co',
    });
    const id = await signedDraft({}, fresh);
    const answer = await send(id, client, fresh);
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain('legal acknowledgment');
  });

  it('flags the contract card when its email could not be delivered', async () => {
    const { id } = await sentContract();
    const card = async () =>
      (await get(t.app, '/api/contracts', { cookie: owner }))
        .json<{ id: number; email_failed: boolean }[]>()
        .find((contract) => contract.id === id);
    expect((await card())?.email_failed).toBe(false);
    await t.sql.run("UPDATE email_outbox SET status = 'failed' WHERE contract_id = ?", id);
    expect((await card())?.email_failed).toBe(true);
  });

  it("is a 404 for another account's contract", async () => {
    const id = await signedDraft();
    const stranger = await signUp(t.app, {
      email: 'stranger2@example.com',
      password: 'secret123',
      company_name: 'Strange Co',
    });
    expect((await send(id, client, stranger)).statusCode).toBe(404);
  });
});

describe('the public signing link', () => {
  it('shows the public fields only, never cached or referred, and records each view', async () => {
    const { id, token } = await sentContract();
    const answer = await get(t.app, `/api/esign/${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const view = answer.json<Record<string, unknown>>();
    expect(view).toMatchObject({
      id,
      status: 'sent',
      company_name: 'Sender Co',
      client_name: 'Jordan Rivera',
    });
    expect(answer.body).not.toContain('sender@example.com');
    expect(answer.body).not.toContain('user_id');
    // A reload on the same device is the same viewing; another device is a later view.
    await get(t.app, `/api/esign/${token}`);
    await get(t.app, `/api/esign/${token}`, { headers: { 'user-agent': 'SpouseTablet/2.0' } });
    expect(await viewsOf(id)).toEqual([{ first: true }, { first: false }]);
  });

  it('records the same device again once ten minutes have passed', async () => {
    const { id, token } = await sentContract();
    const device = { ip: '203.0.113.7', userAgent: 'HomeownerPhone/1.0' };
    const opened = new Date('2026-11-21T10:00:00.000Z');
    const at = (minutes: number) => new Date(opened.getTime() + minutes * 60_000);
    // The link's own clock: the signing window is measured from now, not from `opened`.
    for (const minutes of [0, 1, 9, 10, 12]) {
      await viewSigningPage(
        {
          db: t.db,
          config: t.config,
          mailSealer: mailSealerForDataDir(t.dir),
          clock: () => new Date(),
        },
        token,
        device,
        at(minutes),
      );
    }
    expect(await viewsOf(id)).toEqual([{ first: true }, { first: false }]);
  });

  it.each([
    ['an unknown token', () => 'A'.repeat(43)],
    ['a malformed token', () => 'not-a-token'],
  ])('answers 404 for %s, on both calls', async (_label, token) => {
    expect((await get(t.app, `/api/esign/${token()}`)).statusCode).toBe(404);
    expect((await signAsClient(token())).statusCode).toBe(404);
  });

  it('shows an expired contract’s link as expired, with whom to ask, and refuses to sign it', async () => {
    const expired = await sentContract();
    await t.sql.run(
      "UPDATE contracts SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?",
      expired.id,
    );
    const answer = await get(t.app, `/api/esign/${expired.token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      id: expired.id,
      status: 'expired',
      company_name: 'Sender Co',
      company_phone: null,
      company_email: null,
      closed_at: '2000-01-01T00:00:00.000Z',
      closed_reason: null,
      declined_by: null,
      language: 'en',
      change_order: null,
    });
    expect(answer.body).not.toContain('<html');
    const late = await signAsClient(expired.token);
    expect(late.statusCode).toBe(409);
    expect(late.body).toBe('This signing link has expired. Please ask the sender for a new link.');

    const voided = await sentContract();
    await t.sql.run(
      "UPDATE signing_links SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE contract_id = ?",
      voided.id,
    );
    expect((await get(t.app, `/api/esign/${voided.token}`)).statusCode).toBe(404);
  });
});

describe('the client signature', () => {
  it('completes the contract, records consent and signature, and queues the signed copy to both parties', async () => {
    const { id, token } = await sentContract();
    expect((await signAsClient(token, { signature: SIGNATURE })).statusCode).toBe(400);
    const answer = await signAsClient(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'completed' });

    const contract = (await get(t.app, `/api/contracts/${id}`, { cookie: owner })).json<Contract>();
    expect(contract.status).toBe('completed');
    expect(contract.client_signed_at).not.toBeNull();
    const events = await t.sql.all<{ type: string; actor: string; user_agent: string }>(
      'SELECT type, actor, user_agent FROM contract_events WHERE contract_id = ? ORDER BY id',
      id,
    );
    expect(events.map((event) => event.type)).toEqual([
      'created',
      'signed_by_contractor',
      'sent',
      'consented',
      'signed_by_client',
      'completed',
    ]);
    expect(events.find((event) => event.type === 'signed_by_client')).toMatchObject({
      actor: 'client',
      user_agent: 'HomeownerPhone/1.0',
    });

    const mails = await t.sql.all<{ kind: string; to_address: string; attachments: string }>(
      "SELECT kind, to_address, attachments FROM email_outbox WHERE contract_id = ? AND kind LIKE 'signed_copy%' ORDER BY id",
      id,
    );
    expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['signed_copy_client', 'jordan@example.com'],
      ['signed_copy_contractor', 'sender@example.com'],
    ]);
    const signedHtml = await t.sql.value<string>(
      'SELECT signed_html FROM contracts WHERE id = ?',
      id,
    );
    expect(signedHtml.match(/data:image\/png;base64/g)?.length).toBeGreaterThanOrEqual(2);
    // Without Chromium the copy is HTML: the signed contract plus its audit trail.
    const attachment = JSON.parse(mails[0] ? openQueuedBody(t, mails[0].attachments) : '[]') as {
      content: string;
    }[];
    const copy = Buffer.from(attachment[0]?.content ?? '', 'base64').toString('utf8');
    expect(copy).toContain('Signature audit trail');
    expect(copy).toContain('Signed by the client');

    // The link stays readable, now showing the signed state; a second signature is refused.
    expect((await get(t.app, `/api/esign/${token}`)).json()).toMatchObject({ status: 'completed' });
    expect((await signAsClient(token)).statusCode).toBe(409);
  });

  it('accepts exactly one of 10 concurrent signatures', async () => {
    const { id, token } = await sentContract();
    const answers = await Promise.all(Array.from({ length: 10 }, () => signAsClient(token)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    const signedEvents = await t.sql.get<{ count: number }>(
      "SELECT COUNT(*) AS count FROM contract_events WHERE contract_id = ? AND type = 'signed_by_client'",
      id,
    );
    expect(signedEvents?.count).toBe(1);
  });

  it('needs the request to come from our own pages (Origin check)', async () => {
    const { token } = await sentContract();
    const forged = await jsonPost(
      t.app,
      `/api/esign/${token}`,
      { signature: SIGNATURE, consent: true },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
  });

  it('is rate limited per IP', async () => {
    const { token } = await sentContract();
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/esign/${token}`, remoteAddress });
    for (let attempt = 0; attempt < 60; attempt += 1)
      expect((await from('198.51.100.99')).statusCode).toBe(200);
    const limited = await from('198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect((await from('198.51.100.100')).statusCode).toBe(200);
  });

  it('rolls the whole opening back when a write it makes fails, not only the link refused', async () => {
    // An overdue contract expires as the page opens; a broken webhook endpoint makes that
    // expiry's webhook fail. Half an expiry (the state without its webhook) must not commit.
    const overdue = await sentContract();
    await t.sql.run(
      "UPDATE contracts SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?",
      overdue.id,
    );
    const owner = await t.sql.get<{ company_id: number; created_by_user_id: number }>(
      'SELECT company_id, created_by_user_id FROM contracts WHERE id = ?',
      overdue.id,
    );
    await t.sql.run(
      `INSERT INTO webhook_endpoints (company_id, created_by_user_id, url, events, secret, created_at)
       VALUES (?, ?, 'https://hooks.example.com/broken', 'not json', 'sealed', ?)`,
      owner?.company_id,
      owner?.created_by_user_id,
      new Date().toISOString(),
    );
    try {
      const answer = await get(t.app, `/api/esign/${overdue.token}`);
      expect(answer.statusCode).toBe(500);
      const status = await t.sql.value<string>(
        'SELECT status FROM contracts WHERE id = ?',
        overdue.id,
      );
      expect(status).toBe('sent');
      const expiredEvents = await t.sql.value<number>(
        "SELECT count(*) FROM contract_events WHERE contract_id = ? AND type = 'expired'",
        overdue.id,
      );
      expect(Number(expiredEvents)).toBe(0);
    } finally {
      await t.sql.run(
        "DELETE FROM webhook_endpoints WHERE url = 'https://hooks.example.com/broken'",
      );
    }
  });

  it('counts a guessed link against the address, though the guess is refused', async () => {
    // The opening is one transaction; the refusal must not roll back its count.
    const { token } = await sentContract();
    const from = (url: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.101' });
    for (let attempt = 0; attempt < 60; attempt += 1)
      expect((await from(`/api/esign/guess${attempt}`)).statusCode).toBe(404);
    const limited = await from(`/api/esign/${token}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it("ends an address's minute by the service's clock, which a test can move", async () => {
    const { token } = await sentContract();
    const device = { ip: '198.51.100.102', userAgent: 'HomeownerPhone/1.0' };
    const start = new Date();
    const deps = { db: t.db, config: t.config, mailSealer: mailSealerForDataDir(t.dir) };
    const openAt = (now: Date) =>
      viewSigningPage({ ...deps, clock: () => now }, token, device, now);
    for (let opening = 0; opening < 60; opening += 1) await openAt(start);
    await expect(openAt(new Date(start.getTime() + 59_000))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // A minute later by that clock, not by the wall's: the address may open the page again.
    expect((await openAt(new Date(start.getTime() + 61_000))).status).toBe('sent');
  });
});

describe('the token and the logs', () => {
  it('never writes a signing token to a log line, whatever the request', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      { logLevel: 'info', logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const cookie = await signUp(logged.app, {
        email: 'logs@example.com',
        password: 'secret123',
        company_name: 'Logs Co',
      });
      await jsonPost(
        logged.app,
        '/api/acceptances',
        { type: 'legal_disclaimer', typed_name: 'Lo Gs' },
        { cookie },
      );
      const created = (
        await jsonPost(logged.app, '/api/contracts', draft, { cookie })
      ).json<Contract>();
      await jsonPost(
        logged.app,
        `/api/contracts/${created.id}/sign-mine`,
        { signature: SIGNATURE },
        { cookie },
      );
      await jsonPost(
        logged.app,
        `/api/contracts/${created.id}/send`,
        { client_data: client },
        { cookie },
      );
      const mail = await logged.sql.get<{ text: string }>('SELECT text FROM email_outbox');
      if (!mail) throw new Error('no mail queued');
      const token =
        /\/esign\/([A-Za-z0-9_-]{43})/.exec(openQueuedBody(logged, mail.text))?.[1] ?? '';
      expect(token).toHaveLength(43);
      await get(logged.app, `/api/esign/${token}`);
      await get(logged.app, `/esign/${token}?from=email`);
      await jsonPost(logged.app, `/api/esign/${token}`, { signature: SIGNATURE, consent: true });
      await jsonPost(logged.app, `/api/esign/${token}`, { signature: SIGNATURE, consent: true });
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).toContain('/esign/[redacted]');
    } finally {
      await logged.close();
    }
  });
});
