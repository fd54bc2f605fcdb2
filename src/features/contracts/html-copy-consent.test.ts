import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { createTestApp, openQueuedBody, type TestApp } from '../../test/test-app.js';

/**
 * The HTML copy sent when no PDF can be made (issue 32) carries what the sealed PDF carries after
 * the contract: the audit trail, then the ESIGN notice the client accepted.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The client's copy, as attached to their mail. */
async function clientCopy(contractId: number): Promise<string> {
  const attachments = await t.sql.value<string>(
    "SELECT attachments FROM email_outbox WHERE contract_id = ? AND kind = 'signed_copy_client'",
    contractId,
  );
  const [copy] = JSON.parse(openQueuedBody(t, attachments)) as { content: string }[];
  return Buffer.from(copy?.content ?? '', 'base64').toString('utf8');
}

describe('the HTML copy of a signed contract', () => {
  it('ends with the consent notice the client accepted, after the audit trail', async () => {
    const cookie = await contractorReadyToSend(t, 'html-copy@example.com');
    const { id, token } = await sendContract(t, cookie);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const copy = await clientCopy(id);
    const trail = copy.indexOf('Signature audit trail');
    const appendix = copy.indexOf('Appendix: the consent notice the client accepted');
    expect(trail).toBeGreaterThan(-1);
    expect(appendix).toBeGreaterThan(trail);
  });
});
