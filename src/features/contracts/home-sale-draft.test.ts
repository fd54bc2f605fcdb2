import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import { contractorReadyToSend, TEST_CLIENT } from '../../test/contract-flow.js';
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
 * The wizard's "Sold at the client's home or away from my place of business" switch (issue 32):
 * `home_sale` on a draft, over REST and tRPC, kept by a copy and a revision, and checked at send.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'doors@example.com', 'Door To Door Windows');
});
afterAll(() => t.close());

const origin = () => ({ cookie, origin: t.origin });

async function createDraft(body: Record<string, unknown>): Promise<Contract> {
  const created = await jsonPost(t.app, '/api/contracts', body, origin());
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Contract>();
}

async function readContract(id: number): Promise<Contract> {
  return (await get(t.app, `/api/contracts/${id}`, origin())).json<Contract>();
}

async function setCompanyAddress(address: string | null) {
  await t.sql.run(
    'UPDATE preferences SET company_address = ? WHERE company_id = (SELECT company_id FROM users WHERE email = ?)',
    address,
    'doors@example.com',
  );
}

/** Signs and sends a draft; the answer of the send. */
async function signAndSend(id: number) {
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    origin(),
  );
  return jsonPost(t.app, `/api/contracts/${id}/send`, { client_data: TEST_CLIENT }, origin());
}

describe('a draft sold at the client’s home', () => {
  it('is not a home sale unless the contractor says so, and says so in GET /api/contracts/:id', async () => {
    const plain = await createDraft(sendableDraft(TEST_CLIENT));
    expect(plain.home_sale).toBe(false);
    const atHome = await createDraft({ ...sendableDraft(TEST_CLIENT), home_sale: true });
    expect(atHome.home_sale).toBe(true);
    expect((await readContract(atHome.id)).home_sale).toBe(true);
  });

  it('keeps the switch when a save leaves it out, and turns it off when told', async () => {
    const draft = await createDraft({ ...sendableDraft(TEST_CLIENT), home_sale: true });
    const renamed = await jsonPut(
      t.app,
      `/api/contracts/${draft.id}`,
      { client_name: 'Jordan A. Rivera' },
      origin(),
    );
    expect(renamed.json<Contract>().home_sale).toBe(true);
    const off = await jsonPut(t.app, `/api/contracts/${draft.id}`, { home_sale: false }, origin());
    expect(off.json<Contract>().home_sale).toBe(false);
  });

  it('is saved by the wizard’s tRPC call too', async () => {
    const draft = await createDraft(sendableDraft(TEST_CLIENT));
    const saved = await trpcMutation(
      t.app,
      'contracts.update',
      { id: draft.id, home_sale: true },
      origin(),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readContract(draft.id)).home_sale).toBe(true);
  });

  it('refuses anything but true or false', async () => {
    const bad = await jsonPost(
      t.app,
      '/api/contracts',
      { ...sendableDraft(TEST_CLIENT), home_sale: 'yes' },
      origin(),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('home_sale must be true or false');
  });

  it('clears the contractor’s signature when switched: the contract then says more', async () => {
    const draft = await createDraft(sendableDraft(TEST_CLIENT));
    await jsonPost(
      t.app,
      `/api/contracts/${draft.id}/sign-mine`,
      { signature: TEST_SIGNATURE_PNG },
      origin(),
    );
    const switched = await jsonPut(
      t.app,
      `/api/contracts/${draft.id}`,
      { home_sale: true },
      origin(),
    );
    expect(switched.json<Contract>().my_signed_at).toBeNull();
  });

  it('is carried over by Copy and by a revision', async () => {
    await setCompanyAddress('12 Mill Road, Springfield, IL 62701');
    const draft = await createDraft({ ...sendableDraft(TEST_CLIENT), home_sale: true });
    expect((await signAndSend(draft.id)).statusCode).toBe(200);
    const copied = await jsonPost(t.app, `/api/contracts/${draft.id}/copy`, {}, origin());
    expect(copied.json<Contract>().home_sale).toBe(true);
    const revised = await jsonPost(t.app, `/api/contracts/${draft.id}/revise`, {}, origin());
    expect(revised.statusCode, revised.body).toBe(200);
    expect((await readContract(revised.json<{ id: number }>().id)).home_sale).toBe(true);
  });

  it('is not sent without the business address the Notice of Cancellation must give', async () => {
    await setCompanyAddress(null);
    const draft = await createDraft({ ...sendableDraft(TEST_CLIENT), home_sale: true });
    const refused = await signAndSend(draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      "A home sale's Notice of Cancellation needs your business address: add it in Settings, Branding",
    );
    expect((await readContract(draft.id)).status).toBe('draft');
    // A sale at the contractor's own place of business needs no notice, and no address for it.
    const notAtHome = await createDraft(sendableDraft(TEST_CLIENT));
    expect((await signAndSend(notAtHome.id)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document, in and out', async () => {
    const document = (await get(t.app, '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const text = JSON.stringify(document.paths['/api/contracts/{id}']);
    expect(text).toContain('"home_sale"');
    expect(text).toContain('16 CFR 429');
    expect(JSON.stringify(document.paths['/api/contracts'])).toContain('"home_sale"');
  });
});
