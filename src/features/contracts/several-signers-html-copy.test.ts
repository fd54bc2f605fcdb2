import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, TEST_CLIENT_SIGNATURE_PNG } from '../../test/contract-flow.js';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { movableClock, queuedMails, type MovableClock } from '../../test/follow-up-flow.js';
import { sendContractWithSigners, signerSigns } from '../../test/signers-flow.js';
import { createTestApp, jsonPost, openQueuedBody, type TestApp } from '../../test/test-app.js';

/**
 * Without Chromium, a contract two homeowners signed completes with the HTML copy (issue 37):
 * every signature in it, each signer's lines named in its audit trail, and the copy to all.
 */

const OWNER = 'html-two-owners@example.com';
let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  clock = movableClock(new Date('2026-12-02T15:00:00.000Z'));
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER);
});
afterAll(() => t.close());

describe('the HTML copy of a contract two clients signed', () => {
  it('carries both signatures and names each signer in its trail, mailed to all three', async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner);
    const [jordan = '', alex = ''] = tokens;
    expect((await signerSigns(t, jordan, 'Jordan Rivera', 1)).statusCode).toBe(200);
    clock.advance(60_000);
    // Alex signs with a signature of their own (the contractor's image, for a distinct one).
    const second = await jsonPost(
      t.app,
      `/api/esign/${alex}`,
      { signature: TEST_SIGNATURE_PNG, consent: true, signer_name: 'Alex Rivera' },
      { remoteAddress: '198.51.100.2' },
    );
    expect(second.json()).toMatchObject({ status: 'completed' });

    const mails = (await queuedMails(t, id)).filter((mail) => mail.kind.startsWith('signed_copy'));
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      ['alex@example.com', 'jordan@example.com', OWNER].sort(),
    );
    const toAlex = mails.find((mail) => mail.to_address === 'alex@example.com');
    expect(toAlex?.text).toContain('Hello Alex Rivera,');
    expect(toAlex?.text).toContain('signed by all parties: Jordan Rivera, Alex Rivera and');
    const attachments = await t.sql.value<string>(
      'SELECT attachments FROM email_outbox WHERE id = ?',
      toAlex?.id,
    );
    const [copy] = JSON.parse(openQueuedBody(t, attachments)) as { content: string }[];
    const html = Buffer.from(copy?.content ?? '', 'base64').toString('utf8');
    // The contractor's image signs Alex's block here, the client image Jordan's: both present.
    const signatures = html.slice(html.indexOf('By signing below'));
    expect(signatures.indexOf(TEST_CLIENT_SIGNATURE_PNG)).toBeGreaterThan(-1);
    expect(signatures.split(TEST_SIGNATURE_PNG).length - 1).toBe(2);
    expect(html).toContain('Signed by the client (Jordan Rivera)');
    expect(html).toContain('Signed by the client (Alex Rivera)');
    expect(html).toContain('Appendix: the consent notice Jordan Rivera and Alex Rivera accepted');
  });
});
