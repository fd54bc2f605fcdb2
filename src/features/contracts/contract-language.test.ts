import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import { contractorReadyToSend, TEST_CLIENT } from '../../test/contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  createTestApp,
  jsonPost,
  jsonPut,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';

/** The client's language as a contract field (issue 20): chosen on the draft, frozen at send. */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'idioma@example.com', 'Rock & Roll Pavers');
});
afterAll(async () => {
  await t.close();
});

const withOrigin = () => ({ cookie, origin: t.origin });

async function draft(body: Record<string, unknown>) {
  const answer = await jsonPost(t.app, '/api/contracts', body, withOrigin());
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Contract>();
}

async function save(id: number, body: Record<string, unknown>) {
  return jsonPut(t.app, `/api/contracts/${id}`, body, withOrigin());
}

async function signAndSend(id: number) {
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    withOrigin(),
  );
  const sent = await jsonPost(
    t.app,
    `/api/contracts/${id}/send`,
    { client_data: TEST_CLIENT },
    withOrigin(),
  );
  expect(sent.statusCode, sent.body).toBe(200);
}

describe("a contract's language", () => {
  it('is English when a new draft does not say', async () => {
    const contract = await draft(sendableDraft(TEST_CLIENT));
    expect(contract.language).toBe('en');
  });

  it('is kept as chosen, over REST and tRPC alike', async () => {
    const rest = await draft({ ...sendableDraft(TEST_CLIENT), language: 'es' });
    expect(rest.language).toBe('es');
    const created = await trpcMutation(
      t.app,
      'contracts.create',
      { client_name: 'Ana López', language: 'es' },
      withOrigin(),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ result: { data: Contract } }>().result.data;
    const read = await trpcQuery(t.app, 'contracts.get', { id }, { cookie });
    expect(read.json<{ result: { data: Contract } }>().result.data.language).toBe('es');
  });

  it('survives a save that leaves it out, and changes with one that gives it', async () => {
    const { id } = await draft({ ...sendableDraft(TEST_CLIENT), language: 'es' });
    const untouched = await save(id, { client_phone: '5559876543' });
    expect(untouched.json<Contract>().language).toBe('es');
    const changed = await save(id, { language: 'en' });
    expect(changed.json<Contract>().language).toBe('en');
  });

  it('refuses a language the app does not speak', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/contracts',
      { ...sendableDraft(TEST_CLIENT), language: 'fr' },
      withOrigin(),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('The client language must be en or es');
  });

  it("removes the contractor's signature when it changes: they signed the other wording", async () => {
    const { id } = await draft(sendableDraft(TEST_CLIENT));
    await jsonPost(
      t.app,
      `/api/contracts/${id}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      withOrigin(),
    );
    const switched = (await save(id, { language: 'es' })).json<Contract>();
    expect(switched).toMatchObject({ language: 'es', my_signature_png: null, my_signed_at: null });
  });

  it('is frozen once the contract is sent', async () => {
    const { id } = await draft({ ...sendableDraft(TEST_CLIENT), language: 'es' });
    await signAndSend(id);
    const refused = await save(id, { language: 'en' });
    expect(refused.statusCode).toBe(409);
    const row = await t.sql.get<{ language: string }>(
      'SELECT language FROM contracts WHERE id = ?',
      id,
    );
    expect(row?.language).toBe('es');
  });

  it('carries over to a revision', async () => {
    const { id } = await draft({ ...sendableDraft(TEST_CLIENT), language: 'es' });
    await signAndSend(id);
    const revised = await jsonPost(t.app, `/api/contracts/${id}/revise`, {}, withOrigin());
    expect(revised.statusCode, revised.body).toBe(200);
    const revision = await trpcQuery(
      t.app,
      'contracts.get',
      { id: revised.json<{ id: number }>().id },
      { cookie },
    );
    expect(revision.json<{ result: { data: Contract } }>().result.data).toMatchObject({
      status: 'draft',
      language: 'es',
      revision_of: id,
    });
  });
});
