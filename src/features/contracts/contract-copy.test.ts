import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import { contractOf, eventsOf } from '../../test/follow-up-flow.js';
import { sendableDraft } from '../../test/factories.js';
import { get, createTestApp, jsonPost, trpcMutation, type TestApp } from '../../test/test-app.js';

/** "Copy" (issue 31): POST /api/contracts/:id/copy and its twin contracts.copy. */

let t: TestApp;
let owner: string;
let stranger: string;
const NOW = new Date('2026-12-03T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
  owner = await contractorReadyToSend(t, 'copier@example.com', 'Fence Co');
  stranger = await contractorReadyToSend(t, 'neighbour@example.com', 'Other Fences');
});
afterAll(() => t.close());

const copy = (id: number, cookie = owner) =>
  jsonPost(t.app, `/api/contracts/${id}/copy`, {}, { cookie });

/** What a copy must carry over, word for word. */
function content(contract: Contract) {
  const {
    client_name,
    client_email,
    client_phone,
    client_address,
    language,
    scope_raw,
    scope_clean,
    total_price_cents,
    payment_plan_json,
  } = contract;
  return {
    client_name,
    client_email,
    client_phone,
    client_address,
    language,
    scope_raw,
    scope_clean,
    total_price_cents,
    payment_plan_json,
  };
}

async function linksOf(contractId: number) {
  return t.sql.value<number>(
    'SELECT count(*) AS n FROM signing_links WHERE contract_id = ?',
    contractId,
  );
}

describe('POST /api/contracts/:id/copy', () => {
  it('makes a fresh draft of a sent Spanish contract, with the same client, scope, price and stages', async () => {
    const { id, sent } = await sendContract(t, owner, { language: 'es' });
    expect(sent.statusCode, sent.body).toBe(200);
    const original = await contractOf(t, owner, id);
    const eventsBefore = await eventsOf(t, id);

    const answer = await copy(id);
    expect(answer.statusCode, answer.body).toBe(201);
    const made = answer.json<Contract>();
    expect(made.id).not.toBe(id);
    expect(content(made)).toEqual(content(original));
    expect(made.language).toBe('es');
    expect(made.payment_plan_json?.map((stage) => stage.amount_cents)).toEqual([250_000, 250_000]);
    expect(made).toMatchObject({
      status: 'draft',
      created_at: NOW.toISOString(),
      sent_at: null,
      my_signature_png: null,
      my_signed_at: null,
      client_data: null,
      client_signed_at: null,
      template_html: null,
      company_name: null,
      expires_at: null,
      closed_at: null,
      revision_of: null,
      original_id: null,
      revision_number: 1,
      revised_as: null,
    });
    // Its one event is its creation, which names where it came from; it has no links.
    const events = await eventsOf(t, made.id);
    expect(events.map(({ type, actor, details }) => ({ type, actor, details }))).toEqual([
      { type: 'created', actor: 'copier@example.com', details: { copied_from: id } },
    ]);
    expect(Number(await linksOf(made.id))).toBe(0);
    // The original is as it was.
    expect(await contractOf(t, owner, id)).toEqual(original);
    expect(await eventsOf(t, id)).toEqual(eventsBefore);
  });

  it('copies a draft, a declined contract and a revision, none of them changed by it', async () => {
    const draft = (
      await jsonPost(t.app, '/api/contracts', sendableDraft(TEST_CLIENT, 123_400), {
        cookie: owner,
      })
    ).json<Contract>();
    const declined = await sendContract(t, owner);
    const declineAnswer = await jsonPost(
      t.app,
      `/api/esign/${declined.token}/decline`,
      { reason: 'Going with another quote' },
      { remoteAddress: '203.0.113.9' },
    );
    expect(declineAnswer.statusCode, declineAnswer.body).toBe(200);
    const revised = await sendContract(t, owner);
    const revision = await jsonPost(
      t.app,
      `/api/contracts/${revised.id}/revise`,
      {},
      { cookie: owner },
    );
    expect(revision.statusCode, revision.body).toBe(200);
    const revisionId = revision.json<{ id: number }>().id;

    for (const id of [draft.id, declined.id, revisionId]) {
      const before = await contractOf(t, owner, id);
      const answer = await copy(id);
      expect(answer.statusCode, `copy of ${id}: ${answer.body}`).toBe(201);
      const made = answer.json<Contract>();
      expect(content(made)).toEqual(content(before));
      // A copy starts a line of its own: it is not a revision of anything.
      expect(made).toMatchObject({ status: 'draft', revision_of: null, original_id: null });
      expect(made.revision_number).toBe(1);
      expect(await contractOf(t, owner, id)).toEqual(before);
    }
    expect((await contractOf(t, owner, declined.id)).status).toBe('declined');
  });

  it("answers 404 for another account's contract and for one that does not exist, making nothing", async () => {
    const { id } = await sendContract(t, owner);
    const count = () => t.sql.value<number>('SELECT count(*) AS n FROM contracts');
    const before = Number(await count());
    for (const answer of [await copy(id, stranger), await copy(999_999)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe('Contract not found');
    }
    expect(Number(await count())).toBe(before);
    expect((await copy(id, '')).statusCode).toBe(401);
  });

  it('is the same call over tRPC (contracts.copy)', async () => {
    const { id } = await sendContract(t, owner);
    const answer = await trpcMutation(t.app, 'contracts.copy', { id }, { cookie: owner });
    expect(answer.statusCode, answer.body).toBe(200);
    const made = answer.json<{ result: { data: Contract } }>().result.data;
    expect(made.status).toBe('draft');
    expect(content(made)).toEqual(content(await contractOf(t, owner, id)));
    const strangers = await trpcMutation(t.app, 'contracts.copy', { id }, { cookie: stranger });
    expect(strangers.statusCode).toBe(404);
    // The copy shows in the owner's list, under the name it was copied with.
    const list = await get(t.app, `/api/contracts?q=${encodeURIComponent('#' + made.id)}`, {
      cookie: owner,
    });
    expect(list.json<{ id: number; client_name: string }[]>()).toEqual([
      expect.objectContaining({ id: made.id, client_name: TEST_CLIENT.name }),
    ]);
  });
});
