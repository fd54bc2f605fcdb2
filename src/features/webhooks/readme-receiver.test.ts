import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { freePort } from '../../test/free-port.js';
import { createTestApp, trpcQuery, type TestApp } from '../../test/test-app.js';
import { createWebhook, deliverOnce } from '../../test/webhook-flow.js';

/**
 * The receiver the README shows, run as written: it must accept what the server sends and refuse
 * a forged request. A README example that does not work is a bug a contractor's developer meets
 * first.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function readmeReceiverCode(): string {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const webhooks = readme.slice(readme.indexOf('**Webhooks.**'));
  const code = /```js\n([\s\S]*?)```/.exec(webhooks)?.[1];
  if (!code) throw new Error('README: no js block after **Webhooks.**');
  return code;
}

let t: TestApp;
let receiver: ChildProcess;
let output = '';
// Beside node_modules, so `import 'standardwebhooks'` resolves as in the reader's project.
const file = path.join(repo, `.readme-receiver-${randomBytes(4).toString('hex')}.mjs`);

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  receiver?.kill();
  fs.rmSync(file, { force: true });
  await t.close();
});

describe("the README's webhook receiver", () => {
  it('verifies what the server sends, and refuses a forged request', async () => {
    const cookie = await contractorReadyToSend(t, 'readme-hooks@example.com');
    const port = await freePort();
    const webhook = await createWebhook(t, cookie, `http://127.0.0.1:${port}/`, ['contract.sent']);
    await startReceiverOn(webhook.secret, port);
    const { id } = await sendContract(t, cookie);

    expect(await deliverOnce(t, { now: () => new Date() })).toBe(1);
    const answer = await trpcQuery(t.app, 'webhooks.deliveries', { id: webhook.id }, { cookie });
    const [delivery] = answer.json<{ result: { data: { last_status_code: number }[] } }>().result
      .data;
    expect(delivery?.last_status_code).toBe(204);
    await expect.poll(() => output).toContain(`contract.sent ${id} id msg_`);

    const forged = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: {
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
      },
      body: JSON.stringify({ type: 'contract.signed', data: { contract: { id } } }),
    });
    expect(forged.status).toBe(400);
    expect(output).not.toContain('msg_forged');
  });
});

/** Runs the README's code as a file of its own, and waits until it answers. */
async function startReceiverOn(secret: string, port: number) {
  fs.writeFileSync(file, readmeReceiverCode());
  receiver = spawn(process.execPath, [file], {
    env: { ...process.env, PORT: String(port), TRADESIGN_WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  receiver.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  receiver.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(400);
}
