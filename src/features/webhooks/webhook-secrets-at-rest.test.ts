import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { captureLog } from '../../test/mail.js';
import { createTestApp, trpcMutation, type TestApp } from '../../test/test-app.js';
import { createWebhook, deliverOnce, verifyWebhook } from '../../test/webhook-flow.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * Webhook secrets at rest (docs/decisions/025): sealed with the mail key, so no database file
 * holds one in plain text, and no log line carries a secret or a payload.
 */
let t: TestApp;
let receiver: WebhookReceiver;
const appLog: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { WEBHOOKS_ALLOW_PRIVATE: 'true' },
    { logLevel: 'info', logStream: { write: (line: string) => appLog.push(line) } },
  );
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook secrets at rest', () => {
  it('are in no database file and no log line, before and after a rotation and a delivery', async () => {
    const cookie = await contractorReadyToSend(t, 'secrets@example.com');
    const { id, secret } = await createWebhook(t, cookie, receiver.url, ['contract.sent']);
    const rotated = await trpcMutation(t.app, 'webhooks.rotateSecret', { id }, { cookie });
    const next = rotated.json<{ result: { data: { secret: string } } }>().result.data.secret;
    await sendContract(t, cookie);
    const workerLog = captureLog();
    expect(await deliverOnce(t, { now: () => new Date(), log: workerLog })).toBe(1);
    // Signed with both, so both were opened for the delivery.
    verifyWebhook(secret, receiver.received[0]!);
    verifyWebhook(next, receiver.received[0]!);

    const stored = await t.sql.get<{ secret: string; previous_secret: string }>(
      'SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?',
      id,
    );
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.previous_secret).toMatch(/^v1\./);
    for (const value of [secret, next].map((whole) => whole.slice('whsec_'.length))) {
      expect(await t.databaseFilesHolding(value)).toEqual([]);
      expect(appLog.join('\n')).not.toContain(value);
      expect(JSON.stringify(workerLog.lines)).not.toContain(value);
    }
    // The worker names the host and the status, never the body.
    const logged = JSON.stringify(workerLog.lines);
    expect(logged).toContain('127.0.0.1');
    expect(logged).not.toContain('Jordan Rivera');
    expect(logged).not.toContain('contract.sent');
  });
});
