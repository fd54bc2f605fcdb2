import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';

/**
 * Offline drafting on the server (issue 40, docs/research/040-offline-drafting.md §5): a draft
 * a phone made offline is sent with the phone's own id, and sending it again (a retry after a
 * lost answer, two tabs at once) makes one contract; a save that names the version it last saw
 * is refused when another device saved in between.
 */

const STALE = 'This draft was changed on another device since this one last saw it';
const NOT_A_DRAFT = 'This contract was already sent and can no longer be changed';

let t: TestApp;
let cookie: string;
let otherCompany: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'basement@example.com', 'Basement Plumbing');
  otherCompany = await contractorReadyToSend(t, 'crawlspace@example.com', 'Crawl Space Co');
});
afterAll(() => t.close());

const as = (who = cookie) => ({ cookie: who, origin: t.origin });

function create(body: Record<string, unknown>, who = cookie) {
  return jsonPost(t.app, '/api/contracts', body, as(who));
}

function save(id: number, body: Record<string, unknown>) {
  return jsonPut(t.app, `/api/contracts/${id}`, body, as());
}

async function read(id: number): Promise<Contract> {
  const answer = await get(t.app, `/api/contracts/${id}`, as());
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Contract>();
}

function trpcData<T>(answer: LightMyRequestResponse): T {
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ result: { data: T } }>().result.data;
}

async function rowsWithPhoneId(clientDraftId: string) {
  return t.sql.all<{ id: number; company_id: number }>(
    'SELECT id, company_id FROM contracts WHERE client_draft_id = ? ORDER BY id',
    clientDraftId,
  );
}

async function eventTypes(contractId: number): Promise<string[]> {
  const rows = await t.sql.all<{ type: string }>(
    'SELECT type FROM contract_events WHERE contract_id = ? ORDER BY id',
    contractId,
  );
  return rows.map((row) => row.type);
}

/** A draft written on the phone: the wizard's payload and the phone's id for it. */
function phoneDraft(clientDraftId: string, name = TEST_CLIENT.name) {
  return { ...sendableDraft({ ...TEST_CLIENT, name }), client_draft_id: clientDraftId };
}

describe("a draft sent with the phone's id", () => {
  it('is created once: a retry answers 200 with the contract as it stands, and writes nothing', async () => {
    const phoneId = randomUUID();
    const first = await create(phoneDraft(phoneId));
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json<Contract>();
    expect(made).toMatchObject({ client_draft_id: phoneId, draft_version: 1 });

    // Changed online meanwhile; then the phone's first send arrives again, with its old text.
    expect((await save(made.id, { client_name: 'Sam Lee' })).statusCode).toBe(200);
    const again = await create(phoneDraft(phoneId, 'Jordan Rivera (offline)'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Contract>()).toMatchObject({
      id: made.id,
      client_name: 'Sam Lee',
      client_draft_id: phoneId,
      draft_version: 2,
    });

    expect(await rowsWithPhoneId(phoneId)).toHaveLength(1);
    expect(await eventTypes(made.id)).toEqual(['created', 'updated']);
  });

  it('makes one contract when two sends of it arrive at once', async () => {
    const phoneId = randomUUID();
    const answers = await Promise.all([create(phoneDraft(phoneId)), create(phoneDraft(phoneId))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = answers.map((answer) => answer.json<Contract>().id);
    expect(a).toBe(b);
    expect(await rowsWithPhoneId(phoneId)).toHaveLength(1);
    expect(await eventTypes(a ?? 0)).toEqual(['created']);
  });

  it('is the same contract over tRPC, as the web app sends it', async () => {
    const phoneId = randomUUID();
    const first = trpcData<Contract>(
      await trpcMutation(t.app, 'contracts.create', phoneDraft(phoneId), as()),
    );
    const again = trpcData<Contract>(
      await trpcMutation(t.app, 'contracts.create', phoneDraft(phoneId), as()),
    );
    expect(again.id).toBe(first.id);
    expect(await eventTypes(first.id)).toEqual(['created']);
  });

  it("is another company's own contract when its phone made the same id", async () => {
    const phoneId = randomUUID();
    expect((await create(phoneDraft(phoneId))).statusCode).toBe(201);
    const theirs = await create(phoneDraft(phoneId), otherCompany);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const rows = await rowsWithPhoneId(phoneId);
    expect(new Set(rows.map((row) => row.company_id)).size).toBe(2);
  });

  it('must be a UUID, and is set at creation only', async () => {
    const bad = await create(phoneDraft('draft-1'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('client_draft_id must be a UUID');

    const made = (await create(phoneDraft(randomUUID()))).json<Contract>();
    const saved = await save(made.id, { client_draft_id: randomUUID() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read(made.id)).client_draft_id).toBe(made.client_draft_id);
  });
});

describe('drafts made without an id', () => {
  it('are two contracts when sent twice, as before', async () => {
    const draft = sendableDraft({ ...TEST_CLIENT, name: 'Twice Online' });
    const first = await create(draft);
    const second = await create(draft);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const [a, b] = [first.json<Contract>(), second.json<Contract>()];
    expect(a.id).not.toBe(b.id);
    expect(a.client_draft_id).toBeNull();
    expect(b.client_draft_id).toBeNull();
  });
});

describe('a save naming the version it last saw', () => {
  async function newDraft(): Promise<Contract> {
    const answer = await create(phoneDraft(randomUUID()));
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Contract>();
  }

  it('is written over that version, and the version goes up by one', async () => {
    const draft = await newDraft();
    const saved = await save(draft.id, { client_name: 'Sam Lee', base_version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Contract>()).toMatchObject({ client_name: 'Sam Lee', draft_version: 2 });
    expect((await read(draft.id)).draft_version).toBe(2);
  });

  it('is refused with 409 when another device saved since, and changes nothing', async () => {
    const draft = await newDraft();
    // The other device saves first.
    expect((await save(draft.id, { client_name: 'Sam Lee', base_version: 1 })).statusCode).toBe(
      200,
    );
    const before = await read(draft.id);
    const eventsBefore = await eventTypes(draft.id);

    const stale = await save(draft.id, { client_name: 'Pat Kim', base_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toBe(STALE);
    expect(await read(draft.id)).toEqual(before);
    expect(await eventTypes(draft.id)).toEqual(eventsBefore);
  });

  it('is refused over tRPC too, with the CONFLICT code', async () => {
    const draft = await newDraft();
    await save(draft.id, { total_price_cents: 600_000 });
    const stale = await trpcMutation(
      t.app,
      'contracts.update',
      { id: draft.id, client_name: 'Pat Kim', base_version: 1 },
      as(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { message: STALE, data: { code: 'CONFLICT' } } });
    expect((await read(draft.id)).client_name).toBe(TEST_CLIENT.name);
  });

  it("counts the contractor's signature as a change", async () => {
    const draft = await newDraft();
    const signed = await jsonPost(
      t.app,
      `/api/contracts/${draft.id}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      as(),
    );
    expect(signed.json<Contract>().draft_version).toBe(2);
    const stale = await save(draft.id, { client_name: 'Pat Kim', base_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await read(draft.id)).my_signed_at).not.toBeNull();
  });

  it('leaves the version as it is when nothing changes', async () => {
    const draft = await newDraft();
    const same = await save(draft.id, { client_name: draft.client_name, base_version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<Contract>().draft_version).toBe(1);
    expect(await eventTypes(draft.id)).toEqual(['created']);
  });

  it('is answered as saved when sent again after its answer was lost', async () => {
    const draft = await newDraft();
    const first = await save(draft.id, { client_name: 'Sam Lee', base_version: 1 });
    expect(first.json<Contract>().draft_version).toBe(2);
    // The phone never got that answer and sends the same save again, on the version it knew.
    const again = await save(draft.id, { client_name: 'Sam Lee', base_version: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Contract>()).toMatchObject({ client_name: 'Sam Lee', draft_version: 2 });
    expect(await eventTypes(draft.id)).toEqual(['created', 'updated']);
  });

  it('is still refused as sent when the contract was sent', async () => {
    const { id, sent } = await sendContract(t, cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const version = (await read(id)).draft_version;
    const late = await save(id, { client_name: 'Pat Kim', base_version: version });
    expect(late.statusCode).toBe(409);
    expect(late.body).toBe(NOT_A_DRAFT);
  });
});

describe('a save without a version', () => {
  it('wins over whatever was saved in between, as before', async () => {
    const draft = (await create(phoneDraft(randomUUID()))).json<Contract>();
    expect((await save(draft.id, { client_name: 'Sam Lee' })).statusCode).toBe(200);
    const last = await save(draft.id, { client_name: 'Pat Kim' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<Contract>()).toMatchObject({ client_name: 'Pat Kim', draft_version: 3 });
  });
});
