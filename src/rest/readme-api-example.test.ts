import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../domain/contracts.schemas.js';
import { contractorReadyToSend } from '../test/contract-flow.js';
import {
  curlAsFetch,
  curlBlocksOf,
  runCurl,
  shellCommands,
  type CurlAnswer,
} from '../test/readme-curl.js';
import { createTestApp, get, jsonPost, type TestApp } from '../test/test-app.js';

/**
 * The README's API example (issue 31): its curl calls, as written, take a contract from a draft
 * to the client's inbox on a real server listening on 127.0.0.1. Only what every reader
 * replaces is replaced: the address, the key, and the id the first call answered.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const PLACEHOLDERS = {
  address: 'https://contracts.example.com',
  key: 'tsk_...',
  draft: '/api/contracts/42/',
};

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

/** The answer as JSON, or a failure that shows what the server said instead. */
function json<T>(answer: CurlAnswer, step: string): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    throw new Error(`${step} answered, through ${answer.via}: ${answer.body}`);
  }
}

describe("the README's API example", () => {
  it('creates, signs and sends a contract with the curl calls as written', async () => {
    const [block, ...more] = curlBlocksOf(README, 'Integrations');
    expect(more).toEqual([]);
    for (const placeholder of Object.values(PLACEHOLDERS)) expect(block).toContain(placeholder);
    const commands = shellCommands(block ?? '');
    expect(commands.map((words) => words[0])).toEqual(['curl', 'curl', 'curl', 'curl']);

    const cookie = await contractorReadyToSend(t, 'readme@example.com');
    const created = await jsonPost(t.app, '/api/keys', { name: 'README example' }, { cookie });
    const key = created.json<{ key: string }>().key;
    let id: number | null = null;
    const asTheReaderTypesIt = (word: string) =>
      word
        .replaceAll(PLACEHOLDERS.address, base)
        .replaceAll(PLACEHOLDERS.key, key)
        .replaceAll(PLACEHOLDERS.draft, `/api/contracts/${id}/`);

    const [create, signMine, send, list] = commands;
    const draft = json<Contract>(await runCurl(create!.map(asTheReaderTypesIt)), 'create');
    expect(draft).toMatchObject({ status: 'draft', client_name: 'Maria Lopez' });
    id = draft.id;
    const signed = json<Contract>(await runCurl(signMine!.map(asTheReaderTypesIt)), 'sign-mine');
    expect(signed.my_signed_at).toEqual(expect.any(String));
    const sent = json<{ status: string }>(await runCurl(send!.map(asTheReaderTypesIt)), 'send');
    expect(sent).toMatchObject({ id, status: 'sent' });
    const listed = json<{ id: number; status: string }[]>(
      await runCurl(list!.map(asTheReaderTypesIt)),
      'list',
    );
    expect(listed.find((contract) => contract.id === id)?.status).toBe('sent');

    // The contractor sees it sent, and the client's signing link is on its way.
    const contract = (await get(t.app, `/api/contracts/${id}`, { cookie })).json<Contract>();
    expect(contract).toMatchObject({ status: 'sent', client_email: 'maria@example.com' });
    const mail = await t.sql.get<{ to_address: string }>(
      "SELECT to_address FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
      id,
    );
    expect(mail?.to_address).toBe('maria@example.com');
  });

  it('reads each call as the shell and curl would, for a machine without curl', () => {
    const [block] = curlBlocksOf(README, 'Integrations');
    const requests = shellCommands(block ?? '').map((words) => curlAsFetch(words.slice(1)));
    expect(requests.map(({ url, method }) => `${method} ${url}`)).toEqual([
      'POST https://contracts.example.com/api/contracts',
      'POST https://contracts.example.com/api/contracts/42/sign-mine',
      'POST https://contracts.example.com/api/contracts/42/send',
      'GET https://contracts.example.com/api/contracts',
    ]);
    for (const { method, headers, body } of requests) {
      expect(headers.get('authorization')).toBe('Bearer tsk_...');
      if (method === 'POST') {
        expect(headers.get('content-type')).toBe('application/json');
        expect(() => void JSON.parse(body ?? '')).not.toThrow();
      }
    }
  });
});
