import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { createTestApp, get, type TestApp } from '../../test/test-app.js';

/** The Contract entity's fields (product spec, section 3). */
const SPEC_CONTRACT_FIELDS = [
  'id',
  'status',
  'created_at',
  'total_price_cents',
  'scope_raw',
  'scope_clean',
  'client_name',
  'client_email',
  'client_phone',
  'client_address',
  'client_id',
  'payment_plan_json',
  'my_signature_png',
  'my_signed_at',
  'client_data',
  'client_signed_at',
  'template_html',
  'company_name',
  'company_phone',
  'company_email',
];

/** What the homeowner may see of a contract, under the spec's names. */
const SIGNING_PAGE_FIELDS = [
  'id',
  'status',
  'created_at',
  'total_price_cents',
  'client_name',
  'company_name',
  'company_phone',
  'company_email',
  'template_html',
  'client_signed_at',
  'my_signed_at',
];
/** What the signing page needs beyond the contract. */
const SIGNING_PAGE_EXTRAS = [
  'expires_at',
  'consent_version',
  // The notice's hash, and the fee it prints (issue 32).
  'consent_sha256',
  'paper_copy_fee_cents',
  'executed_pdf',
  'language',
  // The deposit due at signing, or null (issue 36).
  'payment_due',
  // Everyone who signs, this signer's own signature, whose turn it is instead (issue 37).
  'signers',
  'you_signed_at',
  'waiting_for',
  // A change order's number, contract and change; null for a contract (issue 38).
  'change_order',
];

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'fields@example.com', 'Fields Co');
  await t.db.updateTable('preferences').set({ company_email: 'office@fields.example' }).execute();
});
afterAll(async () => {
  await t.close();
});

describe('answers under the spec’s contract field names', () => {
  it('GET /api/contracts/:id carries every field of the Contract entity', async () => {
    const { id } = await sendContract(t, cookie);
    const contract = (await get(t.app, `/api/contracts/${id}`, { cookie })).json<object>();
    expect(Object.keys(contract)).toEqual(expect.arrayContaining(SPEC_CONTRACT_FIELDS));
  });

  it('GET /api/esign/:token carries the client’s fields under those names, and nothing else', async () => {
    const { id, token } = await sendContract(t, cookie);
    const answer = await get(t.app, `/api/esign/${token}`);
    const view = answer.json<Record<string, unknown>>();
    expect(Object.keys(view).sort()).toEqual(
      [...SIGNING_PAGE_FIELDS, ...SIGNING_PAGE_EXTRAS].sort(),
    );
    for (const field of SIGNING_PAGE_FIELDS) expect(SPEC_CONTRACT_FIELDS).toContain(field);
    expect(view).toMatchObject({
      id,
      status: 'sent',
      total_price_cents: 500_000,
      client_name: 'Jordan Rivera',
      company_name: 'Fields Co',
      company_email: 'office@fields.example',
      client_signed_at: null,
    });
    expect(typeof view.template_html).toBe('string');
    expect(typeof view.created_at).toBe('string');
    expect(typeof view.my_signed_at).toBe('string');
    // Nothing of the contractor's account, no other address, nothing about the link (the
    // contract itself names the client, as the client signs it).
    expect(answer.body).not.toContain(token);
    const { template_html: _document, ...fields } = view;
    for (const secret of ['fields@example.com', 'jordan@example.com', 'user_id']) {
      expect(JSON.stringify(fields)).not.toContain(secret);
    }
  });
});
