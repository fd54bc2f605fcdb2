import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT_SIGNATURE_PNG,
} from '../../test/contract-flow.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { finishClientSigning } from './completion.js';

/**
 * The name under the client's signature on the signed copy (issue 32): the name the client typed
 * when signing (`client_signed_name`, set by the signing transaction before the copy is made), or
 * the contractor's entry for a contract signed before the signing page asked for it.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'names@example.com');
});
afterAll(() => t.close());

/** A sent contract signed with this typed name (or none), its signed copy's client block. */
async function signedCopyClientBlock(typedName: string | null): Promise<string> {
  const { id, sent } = await sendContract(t, cookie);
  expect(sent.statusCode, sent.body).toBe(200);
  const signedAt = '2026-11-25T15:00:00.000Z';
  await t.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('contracts')
      .set({ client_signed_at: signedAt })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('contract_signers')
      .set({
        signed_name: typedName,
        signed_at: signedAt,
        signature_png: TEST_CLIENT_SIGNATURE_PNG,
      })
      .where('contract_id', '=', id)
      .execute();
    await finishClientSigning(trx, id, signedAt, {
      sealedPdf: true,
      mailSealer: mailSealerForDataDir(t.dir),
    });
  });
  const html = await t.sql.value<string>('SELECT signed_html FROM contracts WHERE id = ?', id);
  return html.slice(html.lastIndexOf('sig-block'));
}

describe('the name under the client’s signature', () => {
  it('is the name the client typed when signing', async () => {
    const block = await signedCopyClientBlock('Jordan Alexis Rivera-Stone');
    expect(block).toMatch(/Name:<\/span> Jordan Alexis Rivera-Stone/);
  });

  it('is the contractor’s entry for a signature given before the name was asked', async () => {
    const block = await signedCopyClientBlock(null);
    expect(block).toMatch(/Name:<\/span> Jordan Rivera/);
  });
});
