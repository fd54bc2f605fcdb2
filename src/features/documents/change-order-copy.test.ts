import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../domain/change-orders.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { pdftotextPages } from '../../test/pdf-words.js';
import { linkMailedTo } from '../../test/signers-flow.js';
import {
  bodylessRequest,
  createTestApp,
  get,
  jsonPost,
  type TestApp,
} from '../../test/test-app.js';
import { createPdfRenderer } from './pdf-renderer.js';
import { sealWaitingCopies as sealCopies } from '../../test/seal-copies.js';

/**
 * The record of a signed change order (issue 38, docs/decisions/049): its own sealed PDF, whose
 * certificate names it "Change Order 1 to Contract #P" and names the contract it changes by that
 * contract's sealed copy; and the verify check of each file says which is which.
 */

const PUBLIC_URL = 'https://contracts.example.com';
const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { pdfAvailable: true });
  owner = await contractorReadyToSend(t, 'co-record@example.com');
});
afterAll(async () => {
  await renderer.close();
  await t.close();
});

const me = () => ({ cookie: owner, origin: t.origin });

/** Seals every copy waiting, as the document worker does; how many it sealed. */
const sealWaitingCopies = () => sealCopies(t, renderer, { publicUrl: PUBLIC_URL });

async function sealedCopy(contractId: number) {
  return t.db
    .selectFrom('documents')
    .select(['pdf', 'pdf_sha256'])
    .where('contract_id', '=', contractId)
    .executeTakeFirstOrThrow();
}

/** A change order adding $1,200 to contract `id`, signed by the contractor, sent and signed. */
async function signedChangeOrder(id: number): Promise<number> {
  const created = await jsonPost(
    t.app,
    `/api/contracts/${id}/change-orders`,
    {
      description: 'Extend the drip line to the back beds.',
      price_change_cents: 120_000,
      days_change: null,
      payment: 'spread',
    },
    me(),
  );
  expect(created.statusCode, created.body).toBe(200);
  const order = created.json<ChangeOrder>();
  const mine = await jsonPost(
    t.app,
    `/api/change-orders/${order.id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    me(),
  );
  expect(mine.statusCode, mine.body).toBe(200);
  const sent = await bodylessRequest(t.app, 'POST', `/api/change-orders/${order.id}/send`, me());
  expect(sent.statusCode, sent.body).toBe(200);
  const signed = await clientSigns(t, await linkMailedTo(t, order.id, 'jordan@example.com'));
  expect(signed.statusCode, signed.body).toBe(200);
  return order.id;
}

describe("a signed change order's sealed copy", () => {
  it("names its contract and that contract's sealed copy, and verify says which contract it belongs to", async () => {
    const { id, token } = await sendContract(t, owner);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    expect(await sealWaitingCopies()).toBe(1);
    const contractCopy = await sealedCopy(id);

    const orderId = await signedChangeOrder(id);
    expect(await sealWaitingCopies()).toBe(1);
    expect(await t.sql.value<string>('SELECT status FROM contracts WHERE id = ?', orderId)).toBe(
      'completed',
    );
    const orderCopy = await sealedCopy(orderId);
    const pages = await pdftotextPages(Buffer.from(orderCopy.pdf));
    const certificateStart = pages.findIndex((page) => page.includes('Signature Certificate'));
    expect(certificateStart).toBeGreaterThan(0);
    const certificate = pages.slice(certificateStart).join('\n').replace(/\s+/g, ' ');
    expect(certificate).toContain(`Change Order 1 to Contract #${id}`);
    expect(certificate).toContain(`Changes Contract #${id}`);
    expect(certificate).toContain(`SHA-256 of the sealed copy of Contract #${id}:`);
    // The 64 digits may wrap anywhere on the page.
    expect(certificate.replace(/\s/g, '')).toContain(contractCopy.pdf_sha256);
    expect(certificate).toContain(`Signature certificate · Change Order 1 to Contract #${id}`);
    // Its own record's id is no name anyone was ever shown.
    expect(certificate).not.toContain(`Contract #${orderId}`);
    expect(pages[0]).toContain(`Change Order 1 to Contract #${id}`);

    const verified = await get(t.app, `/api/verify/${orderCopy.pdf_sha256}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      genuine: true,
      contract_id: orderId,
      change_order: { number: 1, contract_id: id, contract_sha256: contractCopy.pdf_sha256 },
    });
    const contractVerified = await get(t.app, `/api/verify/${contractCopy.pdf_sha256}`);
    expect(contractVerified.json()).toMatchObject({ contract_id: id, change_order: null });
    // Two copies printed by Chromium, one after the other: twice a single copy's time.
  }, 60_000);
});
