import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract, ContractSummary } from '../../domain/contracts.schemas.js';
import type { ContractPage } from '../../domain/contract-list.schemas.js';
import { contractorReadyToSend, TEST_CLIENT } from '../../test/contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { personByEmail } from '../../test/people.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { insertSigners } from '../signers/signers.repo.js';

/**
 * Several client signers on a draft (issue 37): `co_signers` and `signing_order` saved with the
 * draft over REST and tRPC, kept when a save leaves them out, an email used twice refused, what
 * a sent contract's answer says of its signers, the card's "1 of 2 signed", and Copy.
 */

let t: TestApp;
let cookie: string;
const NOW = new Date('2026-12-04T09:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
  cookie = await contractorReadyToSend(t, 'two-owners@example.com', 'Two Owners Roofing');
});
afterAll(() => t.close());

const origin = () => ({ cookie, origin: t.origin });

const DANA = { name: 'Dana Smith', email: 'dana@example.com', phone: '555 010 2020' };
const ALEX = { name: 'Alex Smith', email: 'alex@example.com' };

async function createDraft(body: Record<string, unknown>): Promise<Contract> {
  const created = await jsonPost(t.app, '/api/contracts', body, origin());
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Contract>();
}

async function readContract(id: number): Promise<Contract> {
  const answer = await get(t.app, `/api/contracts/${id}`, origin());
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Contract>();
}

async function cardOf(id: number): Promise<ContractSummary | undefined> {
  const answer = await get(t.app, '/api/contracts', origin());
  return answer.json<ContractSummary[]>().find((card) => card.id === id);
}

/**
 * A contract as the send leaves it (status sent, one signer row per person), written straight
 * into the tables: what the answer says of signers is tested apart from the send itself.
 */
async function sentWithSigners(order: 'together' | 'in_order') {
  const person = await personByEmail(t.db, 'two-owners@example.com');
  const { id } = await t.db
    .insertInto('contracts')
    .values({
      company_id: person.company_id,
      created_by_user_id: person.id,
      sent_by_user_id: person.id,
      // The app's types let a contract be born only a draft; this one is seeded as sent.
      status: 'sent' as 'draft',
      client_name: TEST_CLIENT.name,
      client_email: TEST_CLIENT.email,
      scope_raw: '[]',
      total_price_cents: 400_000,
      signing_order: order,
      signer_count: 3,
      sent_at: '2026-12-01T10:00:00.000Z',
      created_at: '2026-12-01T09:00:00.000Z',
      updated_at: '2026-12-01T10:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [first, second] = await insertSigners(
    t.db,
    id,
    [{ ...TEST_CLIENT, phone: null }, DANA, { ...ALEX, phone: null }],
    'en',
  );
  await t.sql.run(
    `UPDATE contract_signers SET invited_at = ?, first_viewed_at = ?, last_viewed_at = ?,
       view_count = 2, signed_at = ?, signed_name = ? WHERE id = ?`,
    '2026-12-01T10:00:00.000Z',
    '2026-12-01T11:00:00.000Z',
    '2026-12-02T08:00:00.000Z',
    '2026-12-02T08:05:00.000Z',
    TEST_CLIENT.name,
    first?.id,
  );
  await t.sql.run(
    `UPDATE contract_signers SET invited_at = ?, reminders_sent = 1, last_reminder_at = ?
     WHERE id = ?`,
    '2026-12-02T08:05:00.000Z',
    '2026-12-03T08:05:00.000Z',
    second?.id,
  );
  await t.sql.run('UPDATE contracts SET signers_signed = 1 WHERE id = ?', id);
  return id;
}

describe('a draft with other signers', () => {
  it('saves co-signers and the signing order, and GET /api/contracts/:id answers them', async () => {
    const draft = await createDraft({
      ...sendableDraft(TEST_CLIENT),
      co_signers: [DANA, { ...ALEX, phone: '' }],
      signing_order: 'in_order',
    });
    const expected = {
      co_signers: [
        { name: 'Dana Smith', email: 'dana@example.com', phone: '555 010 2020' },
        { name: 'Alex Smith', email: 'alex@example.com', phone: null },
      ],
      signing_order: 'in_order',
      signers: [],
    };
    expect(draft).toMatchObject(expected);
    expect(await readContract(draft.id)).toMatchObject(expected);
  });

  it('signs together, alone, unless told otherwise', async () => {
    const draft = await createDraft(sendableDraft(TEST_CLIENT));
    expect(draft).toMatchObject({ co_signers: [], signing_order: 'together', signers: [] });
  });

  it('keeps them when a save leaves them out, and drops them when given none', async () => {
    const draft = await createDraft({
      ...sendableDraft(TEST_CLIENT),
      co_signers: [DANA],
      signing_order: 'in_order',
    });
    const renamed = await jsonPut(
      t.app,
      `/api/contracts/${draft.id}`,
      { client_name: 'Jordan A. Rivera', client_email: 'jordan.rivera@example.com' },
      origin(),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Contract>()).toMatchObject({
      client_name: 'Jordan A. Rivera',
      co_signers: [{ name: 'Dana Smith', email: 'dana@example.com' }],
      signing_order: 'in_order',
    });
    const alone = await jsonPut(
      t.app,
      `/api/contracts/${draft.id}`,
      { co_signers: [], signing_order: 'together' },
      origin(),
    );
    expect(alone.json<Contract>()).toMatchObject({ co_signers: [], signing_order: 'together' });
    expect(await readContract(draft.id)).toMatchObject({
      co_signers: [],
      signing_order: 'together',
    });
  });

  it('is saved and read by the wizard’s tRPC calls too', async () => {
    const created = await trpcMutation(
      t.app,
      'contracts.create',
      { ...sendableDraft(TEST_CLIENT), co_signers: [ALEX] },
      origin(),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ result: { data: Contract } }>().result.data;
    const updated = await trpcMutation(
      t.app,
      'contracts.update',
      { id, co_signers: [ALEX, DANA], signing_order: 'in_order' },
      origin(),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const read = await trpcQuery(t.app, 'contracts.get', { id }, { cookie });
    expect(read.json<{ result: { data: Contract } }>().result.data).toMatchObject({
      co_signers: [
        { name: 'Alex Smith', email: 'alex@example.com', phone: null },
        { name: 'Dana Smith', email: 'dana@example.com', phone: '555 010 2020' },
      ],
      signing_order: 'in_order',
      signers: [],
    });
  });

  it('clears the contractor’s signature when the signers change: the contract names them', async () => {
    const draft = await createDraft(sendableDraft(TEST_CLIENT));
    const signed = await jsonPost(
      t.app,
      `/api/contracts/${draft.id}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      origin(),
    );
    expect(signed.json<Contract>().my_signed_at).not.toBeNull();
    const changed = await jsonPut(
      t.app,
      `/api/contracts/${draft.id}`,
      { co_signers: [DANA] },
      origin(),
    );
    expect(changed.json<Contract>().my_signed_at).toBeNull();
  });
});

describe('signers who could not be told apart', () => {
  it('refuses a co-signer with the client’s email, naming the address', async () => {
    const refused = await jsonPost(
      t.app,
      '/api/contracts',
      {
        ...sendableDraft(TEST_CLIENT),
        co_signers: [{ name: 'Jo R', email: 'Jordan@Example.com' }],
      },
      origin(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Jordan@Example.com is the email of two signers: each signer needs an email address of their own',
    );
  });

  it('refuses two co-signers with one email, and keeps the draft as it was', async () => {
    const draft = await createDraft({ ...sendableDraft(TEST_CLIENT), co_signers: [DANA] });
    const refused = await jsonPut(
      t.app,
      `/api/contracts/${draft.id}`,
      { co_signers: [DANA, { name: 'Dana Again', email: ' DANA@example.com ' }] },
      origin(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('DANA@example.com is the email of two signers');
    expect((await readContract(draft.id)).co_signers).toEqual([
      { name: 'Dana Smith', email: 'dana@example.com', phone: '555 010 2020' },
    ]);
  });

  it('refuses a new client email that a saved co-signer already has', async () => {
    const draft = await createDraft({ ...sendableDraft(TEST_CLIENT), co_signers: [DANA] });
    const refused = await trpcMutation(
      t.app,
      'contracts.update',
      { id: draft.id, client_email: 'dana@example.com' },
      origin(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('dana@example.com is the email of two signers');
    expect((await readContract(draft.id)).client_email).toBe(TEST_CLIENT.email);
  });

  it('refuses a fifth signer, a signer without a name or a valid email, and an unknown order', async () => {
    const five = [
      DANA,
      ALEX,
      { name: 'Sam Smith', email: 'sam@example.com' },
      {
        name: 'Lee Smith',
        email: 'lee@example.com',
      },
    ];
    const cases: [Record<string, unknown>, string][] = [
      [{ co_signers: five }, 'At most 4 signers in all'],
      [
        { co_signers: [{ name: 'D', email: 'dana@example.com' }] },
        'Name must be at least 2 characters',
      ],
      [{ co_signers: [{ name: 'Dana Smith', email: 'dana@' }] }, 'Invalid email address'],
      [{ signing_order: 'alphabetical' }, 'signing_order must be \\"together\\" or \\"in_order\\"'],
    ];
    for (const [body, message] of cases) {
      const refused = await jsonPost(
        t.app,
        '/api/contracts',
        { ...sendableDraft(TEST_CLIENT), ...body },
        origin(),
      );
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
  });
});

describe('a sent contract’s signers', () => {
  it('lists each signer with their status, openings and reminders; co_signers are all but the first', async () => {
    const id = await sentWithSigners('in_order');
    const contract = await readContract(id);
    expect(contract.signing_order).toBe('in_order');
    expect(contract.co_signers).toEqual([
      { name: 'Dana Smith', email: 'dana@example.com', phone: '555 010 2020' },
      { name: 'Alex Smith', email: 'alex@example.com', phone: null },
    ]);
    expect(contract.signers).toMatchObject([
      {
        position: 1,
        name: 'Jordan Rivera',
        email: 'jordan@example.com',
        status: 'signed',
        view_count: 2,
        viewed_at: '2026-12-01T11:00:00.000Z',
        last_viewed_at: '2026-12-02T08:00:00.000Z',
        signed_at: '2026-12-02T08:05:00.000Z',
        declined_at: null,
      },
      {
        position: 2,
        name: 'Dana Smith',
        status: 'sent',
        reminders_sent: 1,
        last_reminder_at: '2026-12-03T08:05:00.000Z',
        signed_at: null,
      },
      { position: 3, name: 'Alex Smith', status: 'waiting', invited_at: null },
    ]);
  });

  it('refuses new co-signers once sent', async () => {
    const id = await sentWithSigners('together');
    const refused = await jsonPut(t.app, `/api/contracts/${id}`, { co_signers: [] }, origin());
    expect(refused.statusCode).toBe(409);
    expect((await readContract(id)).co_signers).toHaveLength(2);
  });
});

describe('the card and Copy', () => {
  it('says how many of how many signers signed, on the list and on its pages', async () => {
    const draft = await createDraft({ ...sendableDraft(TEST_CLIENT), co_signers: [DANA] });
    // A draft's card counts its client alone: signer rows are made at the send.
    expect((await cardOf(draft.id))?.signers).toEqual({ total: 1, signed: 0 });
    const id = await sentWithSigners('together');
    expect((await cardOf(id))?.signers).toEqual({ total: 3, signed: 1 });
    const page = await trpcQuery(t.app, 'contracts.page', { section: 'awaiting' }, { cookie });
    const items = page.json<{ result: { data: ContractPage } }>().result.data.items;
    expect(items.find((card) => card.id === id)?.signers).toEqual({ total: 3, signed: 1 });
    // Set as a signature's transaction sets it, until the signing lands (issue 37).
    await t.sql.run('UPDATE contracts SET signers_signed = 2 WHERE id = ?', id);
    expect((await cardOf(id))?.signers).toEqual({ total: 3, signed: 2 });
  });

  it('copies a draft’s co-signers and order', async () => {
    const draft = await createDraft({
      ...sendableDraft(TEST_CLIENT),
      co_signers: [ALEX],
      signing_order: 'in_order',
    });
    const copied = await jsonPost(t.app, `/api/contracts/${draft.id}/copy`, {}, origin());
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json<Contract>()).toMatchObject({
      co_signers: [{ name: 'Alex Smith', email: 'alex@example.com', phone: null }],
      signing_order: 'in_order',
      signers: [],
    });
  });

  it('copies a sent contract’s signers after the client as the new draft’s co-signers', async () => {
    const id = await sentWithSigners('in_order');
    const copied = await trpcMutation(t.app, 'contracts.copy', { id }, origin());
    expect(copied.statusCode, copied.body).toBe(200);
    const made = copied.json<{ result: { data: Contract } }>().result.data;
    expect(made).toMatchObject({
      status: 'draft',
      client_name: 'Jordan Rivera',
      co_signers: [
        { name: 'Dana Smith', email: 'dana@example.com', phone: '555 010 2020' },
        { name: 'Alex Smith', email: 'alex@example.com', phone: null },
      ],
      signing_order: 'in_order',
      signers: [],
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes co_signers and signing_order in, and signers out', async () => {
    const document = (await get(t.app, '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const one = JSON.stringify(document.paths['/api/contracts/{id}']);
    for (const field of ['"co_signers"', '"signing_order"', '"signers"', 'in_order']) {
      expect(one).toContain(field);
    }
    expect(one).toContain('the client of record first');
    const list = JSON.stringify(document.paths['/api/contracts']);
    expect(list).toContain('"co_signers"');
    expect(list).toContain('How many clients sign it, and how many have signed');
  });
});
