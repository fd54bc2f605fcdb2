import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend } from '../../../test/contract-flow.js';
import { movableClock } from '../../../test/follow-up-flow.js';
import {
  CO_SIGNERS,
  linkMailedTo,
  sendContractWithSigners,
  signerSigns,
} from '../../../test/signers-flow.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createSigningLink } from '../signing-links.js';

let t: TestApp;
let owner: string;
const clock = movableClock(new Date('2026-12-03T16:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, 'cosigner-pages@example.com');
});
afterAll(() => t.close());

let device = 0;
async function page(token: string): Promise<string> {
  device += 1;
  const answer = await t.app.inject({
    method: 'GET',
    url: `/esign/${token}`,
    remoteAddress: `198.18.0.${device}`,
    headers: {
      'user-agent': 'HomeownerPhone/2.0',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    },
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

describe('the signing page of a contract several people sign', () => {
  it('lists who signs, and after one signature says whom it waits for', async () => {
    const { tokens } = await sendContractWithSigners(t, owner);
    const [first, second] = tokens;
    const before = await page(first ?? '');
    expect(before).toContain('Who signs');
    expect(before).toContain('Jordan Rivera (you):');
    expect(before).toContain('Alex Rivera:');
    // Their own name is offered to type, not the client of record's.
    expect(await page(second ?? '')).toContain('"initial":"Alex Rivera"');

    expect((await signerSigns(t, first ?? '', 'Jordan Rivera', 11)).statusCode).toBe(200);
    const after = await page(first ?? '');
    expect(after).toContain('Contract Signed!');
    expect(after).toContain(
      'Waiting for Alex Rivera to sign. Everyone gets the signed copy by email once all have signed.',
    );
    expect(after).toContain('Signed on December 3, 2026');
    // Nothing more to sign on this link.
    expect(after).not.toContain('Sign Contract');
    // The other signer still signs.
    expect(await page(second ?? '')).toContain('Sign Contract');
  });

  it('in order, shows a link opened out of turn the contract and whom it waits for, in Spanish too', async () => {
    const { id } = await sendContractWithSigners(t, owner, {
      order: 'in_order',
      language: 'es',
    });
    const secondId = await t.sql.value<number>(
      'SELECT id FROM contract_signers WHERE contract_id = ? AND position = 2',
      id,
    );
    const early = await createSigningLink(
      t.db,
      id,
      { expiresAt: '2027-01-01T00:00:00.000Z', purpose: 'request', signerId: secondId },
      clock.now(),
    );
    const html = await page(early.token);
    expect(html).toContain('Debe firmar primero Jordan Rivera');
    expect(html).toContain('Espera su turno');
    expect(html).not.toContain('id="consent-title"');
    expect(await linkMailedTo(t, id, CO_SIGNERS[0].email)).toBe('');
  });
});
