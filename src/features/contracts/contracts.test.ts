import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { TEST_SIGNATURE_PNG as SIGNATURE } from '../../test/factories.js';

const fullDraft = {
  client_id: null,
  client_name: 'Jordan Rivera',
  client_email: 'Jordan@Example.com',
  client_phone: '5551234567',
  client_address: '42 Maple Street, Springfield, IL',
  scope_raw: ['install drip line', 'replace two valves'],
  scope_clean: {
    paragraph: 'Install a drip line and replace two valves.',
    bullets: ['Install drip line', 'Replace two valves'],
  },
  total_price_cents: 500_000,
  payment_plan_json: [
    { label: 'Stage 1', percent: 33, amount_cents: 165_000, trigger: 'At signing' },
    { label: 'Stage 2', percent: 33, amount_cents: 165_000, trigger: 'Mid-project' },
    { label: 'Stage 3', percent: 34, amount_cents: 170_000, trigger: 'Substantial completion' },
  ],
  my_signature_png: null,
};

let t: TestApp;
let owner: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, {
    email: 'builder@example.com',
    password: 'secret123',
    company_name: 'Builder Co',
  });
  stranger = await signUp(t.app, {
    email: 'other@example.com',
    password: 'secret123',
    company_name: 'Other Co',
  });
});
afterAll(async () => {
  await t.close();
});

async function create(body: Record<string, unknown>, cookie = owner) {
  const answer = await jsonPost(t.app, '/api/contracts', body, { cookie });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Contract>();
}

const eventsOf = (id: number) =>
  t.sql.all<{
    type: string;
    actor: string;
    ip: string;
    user_agent: string;
  }>(
    'SELECT type, actor, ip, user_agent FROM contract_events WHERE contract_id = ? ORDER BY id',
    id,
  );

describe('creating and reading drafts', () => {
  it('creates a full draft and answers every field of the spec', async () => {
    const contract = await create(fullDraft);
    expect(contract).toMatchObject({
      status: 'draft',
      client_id: null,
      client_name: 'Jordan Rivera',
      client_email: 'jordan@example.com',
      total_price_cents: 500_000,
      scope_raw: fullDraft.scope_raw,
      scope_clean: fullDraft.scope_clean,
      payment_plan_json: fullDraft.payment_plan_json,
      my_signature_png: null,
      my_signed_at: null,
      client_data: null,
      client_signed_at: null,
      template_html: null,
    });
    expect(typeof contract.id).toBe('number');
    const fetched = await get(t.app, `/api/contracts/${contract.id}`, { cookie: owner });
    expect(fetched.json()).toEqual(contract);
    expect(await eventsOf(contract.id)).toMatchObject([
      { type: 'created', actor: 'builder@example.com' },
    ]);
  });

  it('saves a partial draft from step 1, with empty fields stored as missing', async () => {
    const contract = await create({
      scope_raw: ['just a note'],
      client_name: '',
      client_email: '',
    });
    expect(contract).toMatchObject({
      scope_raw: ['just a note'],
      client_name: null,
      client_email: null,
      total_price_cents: null,
      payment_plan_json: null,
      scope_clean: null,
    });
  });

  it('recomputes stage amounts from the total so they always add up', async () => {
    const contract = await create({
      total_price_cents: 1001,
      payment_plan_json: fullDraft.payment_plan_json.map((stage) => ({
        ...stage,
        amount_cents: 999_999,
      })),
    });
    const amounts = contract.payment_plan_json?.map((stage) => stage.amount_cents) ?? [];
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(1001);
    expect(amounts.every((amount) => amount >= 0 && amount < 1001)).toBe(true);
  });

  it.each([
    [{ client_email: 'not-an-email' }, 'client_email: Invalid email address'],
    [{ total_price_cents: -1 }, 'total_price_cents'],
    [{ total_price_cents: 10.5 }, 'total_price_cents'],
    [{ total_price_cents: '500' }, 'total_price_cents'],
    [{ client_id: 7 }, 'client_id'],
    [{ scope_raw: 'one string' }, 'scope_raw'],
    [{ scope_clean: { paragraph: 'x' } }, 'scope_clean.bullets'],
    [
      { payment_plan_json: [{ label: 'A', percent: 101, amount_cents: 0, trigger: 'x' }] },
      'payment_plan_json.0.percent',
    ],
    [
      { payment_plan_json: [{ percent: 50, amount_cents: 0, trigger: 'x' }] },
      'payment_plan_json.0.label',
    ],
    [{ my_signature_png: 'data:text/html;base64,PHNjcmlwdD4=' }, 'my_signature_png'],
  ])('refuses %j with a field message', async (body, message) => {
    const answer = await jsonPost(t.app, '/api/contracts', body, { cookie: owner });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(message);
  });

  it('lists newest first with the card fields only', async () => {
    const older = await create({ client_name: 'Older Client' });
    const newer = await create({ client_name: 'Newer Client', total_price_cents: 12_345 });
    const answer = await get(t.app, '/api/contracts', { cookie: owner });
    const list = answer.json<Record<string, unknown>[]>();
    expect(list.findIndex((card) => card.id === newer.id)).toBeLessThan(
      list.findIndex((card) => card.id === older.id),
    );
    expect(list.find((card) => card.id === newer.id)).toEqual({
      id: newer.id,
      status: 'draft',
      created_at: newer.created_at,
      updated_at: newer.updated_at,
      sent_at: null,
      total_price_cents: 12_345,
      client_name: 'Newer Client',
      email_failed: false,
      expires_at: null,
      last_reminder_at: null,
      original_id: null,
      revision_number: 1,
      closed_at: null,
      // A draft names who wrote it and nobody yet as its sender.
      created_by: { id: expect.any(Number) as unknown, name: 'builder@example.com' },
      sent_by: null,
      views: null,
      // Issue 36: nothing paid, nothing due.
      paid_cents: 0,
      payment_due_at: null,
      // Issue 37: the client alone, not signed.
      signers: { total: 1, signed: 0 },
    });
  });
});

describe('updating drafts', () => {
  it('changes only the fields sent', async () => {
    const contract = await create(fullDraft);
    const answer = await jsonPut(
      t.app,
      `/api/contracts/${contract.id}`,
      { client_phone: '5559990000' },
      { cookie: owner },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      client_phone: '5559990000',
      client_name: 'Jordan Rivera',
      total_price_cents: 500_000,
    });
  });

  it('recomputes amounts when only the total changes', async () => {
    const contract = await create(fullDraft);
    const answer = await jsonPut(
      t.app,
      `/api/contracts/${contract.id}`,
      { total_price_cents: 10_000 },
      { cookie: owner },
    );
    expect(answer.json<Contract>().payment_plan_json?.map((stage) => stage.amount_cents)).toEqual([
      3300, 3300, 3400,
    ]);
  });

  it('keeps the signature for a save that changes nothing, and clears it when the contract changes', async () => {
    const contract = await create(fullDraft);
    const signed = await jsonPost(
      t.app,
      `/api/contracts/${contract.id}/sign-mine`,
      { signature: SIGNATURE },
      { cookie: owner },
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ my_signature_png: SIGNATURE });
    expect(signed.json<Contract>().my_signed_at).not.toBeNull();

    const same = await jsonPut(t.app, `/api/contracts/${contract.id}`, fullDraft, {
      cookie: owner,
    });
    expect(same.json<Contract>().my_signature_png).toBe(SIGNATURE);

    const changed = await jsonPut(
      t.app,
      `/api/contracts/${contract.id}`,
      { total_price_cents: 600_000 },
      { cookie: owner },
    );
    expect(changed.json()).toMatchObject({ my_signature_png: null, my_signed_at: null });
    expect((await eventsOf(contract.id)).map((event) => event.type)).toEqual([
      'created',
      'signed_by_contractor',
      'updated',
    ]);
  });

  it('ignores a signature sent in the draft payload: only sign-mine signs', async () => {
    const contract = await create({ ...fullDraft, my_signature_png: SIGNATURE });
    expect(contract.my_signature_png).toBeNull();
  });

  it('refuses to change or sign a contract that is no longer a draft (409)', async () => {
    const contract = await create(fullDraft);
    await t.sql.run("UPDATE contracts SET status = 'sent' WHERE id = ?", contract.id);
    const put = await jsonPut(
      t.app,
      `/api/contracts/${contract.id}`,
      { client_name: 'Changed' },
      { cookie: owner },
    );
    expect(put.statusCode).toBe(409);
    const sign = await jsonPost(
      t.app,
      `/api/contracts/${contract.id}/sign-mine`,
      { signature: SIGNATURE },
      { cookie: owner },
    );
    expect(sign.statusCode).toBe(409);
    expect(
      (await get(t.app, `/api/contracts/${contract.id}`, { cookie: owner })).json(),
    ).toMatchObject({ client_name: 'Jordan Rivera' });
  });
});

describe('the contractor signature', () => {
  it('records who signed, when, from where', async () => {
    const contract = await create(fullDraft);
    await jsonPost(
      t.app,
      `/api/contracts/${contract.id}/sign-mine`,
      { signature: SIGNATURE },
      {
        cookie: owner,
        headers: { 'user-agent': 'Phone/2.0' },
        remoteAddress: '198.51.100.20',
      },
    );
    expect((await eventsOf(contract.id)).at(-1)).toEqual({
      type: 'signed_by_contractor',
      actor: 'builder@example.com',
      ip: '198.51.100.20',
      user_agent: 'Phone/2.0',
    });
  });

  it.each([
    [{ signature: '' }, 'Please sign the contract'],
    [{}, 'Please sign the contract'],
    [{ signature: 'data:image/jpeg;base64,/9j/4AAQ' }, 'PNG'],
    [{ signature: 'data:image/png;base64,PHN2Zz48L3N2Zz4=' }, 'PNG'],
    [{ signature: `data:image/png;base64,${'A'.repeat(700_001)}` }, 'too large'],
  ])('refuses %j', async (body, message) => {
    const contract = await create(fullDraft);
    const answer = await jsonPost(t.app, `/api/contracts/${contract.id}/sign-mine`, body, {
      cookie: owner,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(message);
  });

  it('shows the owner the timeline over REST, as contracts.timeline, and nobody else', async () => {
    const contract = await create(fullDraft);
    await jsonPost(
      t.app,
      `/api/contracts/${contract.id}/sign-mine`,
      { signature: SIGNATURE },
      {
        cookie: owner,
      },
    );
    const rest = await get(t.app, `/api/contracts/${contract.id}/timeline`, { cookie: owner });
    expect(rest.statusCode).toBe(200);
    const events = rest.json<{ type: string; actor: string }[]>();
    expect(events.map((event) => event.type)).toEqual(['created', 'signed_by_contractor']);
    const twin = await trpcQuery(
      t.app,
      'contracts.timeline',
      { id: contract.id },
      { cookie: owner },
    );
    expect(twin.json<{ result: { data: unknown } }>().result.data).toEqual(events);
    const theirs = await get(t.app, `/api/contracts/${contract.id}/timeline`, { cookie: stranger });
    expect(theirs.statusCode).toBe(404);
  });

  it('keeps the audit trail append-only', async () => {
    const contract = await create(fullDraft);
    await expect(
      t.sql.run("UPDATE contract_events SET type = 'forged' WHERE contract_id = ?", contract.id),
    ).rejects.toThrow(/append-only/);
  });
});

describe("another account's contracts", () => {
  it('are a 404 on every call and never listed', async () => {
    const contract = await create(fullDraft);
    const calls = [
      get(t.app, `/api/contracts/${contract.id}`, { cookie: stranger }),
      jsonPut(
        t.app,
        `/api/contracts/${contract.id}`,
        { client_name: 'Stolen' },
        { cookie: stranger },
      ),
      jsonPost(
        t.app,
        `/api/contracts/${contract.id}/sign-mine`,
        { signature: SIGNATURE },
        { cookie: stranger },
      ),
      trpcQuery(t.app, 'contracts.get', { id: contract.id }, { cookie: stranger }),
      trpcMutation(
        t.app,
        'contracts.update',
        { id: contract.id, client_name: 'Stolen' },
        { cookie: stranger },
      ),
      trpcMutation(
        t.app,
        'contracts.signMine',
        { id: contract.id, signature: SIGNATURE },
        { cookie: stranger },
      ),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(404);
    const theirs = (await get(t.app, '/api/contracts', { cookie: stranger })).json<
      { id: number }[]
    >();
    expect(theirs.some((card) => card.id === contract.id)).toBe(false);
    expect(
      (await get(t.app, `/api/contracts/${contract.id}`, { cookie: owner })).json(),
    ).toMatchObject({ client_name: 'Jordan Rivera', my_signature_png: null });
  });

  it('need a signed-in user', async () => {
    expect((await get(t.app, '/api/contracts')).statusCode).toBe(401);
    expect((await jsonPost(t.app, '/api/contracts', fullDraft)).statusCode).toBe(401);
  });
});

describe('through tRPC', () => {
  it('creates, updates, signs and lists', async () => {
    const created = await trpcMutation(t.app, 'contracts.create', fullDraft, { cookie: stranger });
    const { id } = created.json<{ result: { data: Contract } }>().result.data;
    const updated = await trpcMutation(
      t.app,
      'contracts.update',
      { id, client_name: 'Via tRPC' },
      { cookie: stranger },
    );
    expect(updated.json<{ result: { data: Contract } }>().result.data.client_name).toBe('Via tRPC');
    const signed = await trpcMutation(
      t.app,
      'contracts.signMine',
      { id, signature: SIGNATURE },
      { cookie: stranger },
    );
    expect(signed.json<{ result: { data: Contract } }>().result.data.my_signature_png).toBe(
      SIGNATURE,
    );
    const list = await trpcQuery(t.app, 'contracts.list', undefined, { cookie: stranger });
    expect(
      list.json<{ result: { data: { id: number }[] } }>().result.data.map((card) => card.id),
    ).toContain(id);
  });
});
