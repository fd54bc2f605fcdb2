import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  clientSigns,
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT_SIGNATURE_PNG,
} from '../../test/contract-flow.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { renderCertificateHtml } from './certificate/index.js';
import { buildCertificateInput, loadSignedContract } from './certificate-input.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { pdfAvailable: true });
  cookie = await contractorReadyToSend(t, 'cert@example.com');
});
afterAll(async () => {
  await t.close();
});

/** The signature certificate's HTML for a contract, as the executed copy prints it. */
async function certificateOf(id: number) {
  const contract = await loadSignedContract(t.db, id);
  return renderCertificateHtml(
    await buildCertificateInput(t.db, contract, {
      contractPagesSha256: 'a'.repeat(64),
      verifyUrl: 'http://localhost:3000/verify',
    }),
  );
}

/** The part of the certificate about one signer. */
function signerBlock(html: string, heading: RegExp): string {
  const blocks = html
    .split('<section class="block signer">')
    .slice(1)
    .map((block) => block.split('</section>')[0] ?? '');
  const block = blocks.find((candidate) => heading.test(candidate));
  if (!block) throw new Error(`no signer block matching ${heading}`);
  return block;
}

describe("the client's signature on the signature certificate", () => {
  it('is stored with the signature and shown in the client block, as the contractor’s is', async () => {
    const { id, token } = await sendContract(t, cookie);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('contract_signers')
      .select(['signature_png', 'signed_at'])
      .where('contract_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.signature_png).toBe(TEST_CLIENT_SIGNATURE_PNG);

    const html = await certificateOf(id);
    const client = signerBlock(html, /Client/);
    expect(client).toContain(`<img src="${TEST_CLIENT_SIGNATURE_PNG}"`);
    expect(client).not.toContain('No signature image recorded');
    const contractor = signerBlock(html, /Contractor/);
    expect(contractor).toContain(`<img src="${TEST_SIGNATURE_PNG}"`);
  });

  it('keeps a contract signed before images were stored as it was, without inventing one', async () => {
    const { id, token } = await sendContract(t, cookie);
    await clientSigns(t, token);
    // As the database held contracts signed before the fix: no client image.
    await t.db
      .updateTable('contract_signers')
      .set({ signature_png: null })
      .where('contract_id', '=', id)
      .execute();
    const client = signerBlock(await certificateOf(id), /Client/);
    expect(client).toContain('No signature image recorded');
    expect(client).not.toContain('<img');
  });
});
