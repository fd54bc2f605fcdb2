import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorReadyToSend,
  sendContract,
  useDefaultTemplateHtml,
} from '../../test/contract-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { createPdfRenderer } from './pdf-renderer.js';

const renderer = createPdfRenderer({
  chromiumPath: '/usr/bin/chromium',
  log: { warn: () => undefined },
});
/** Seventy forced page breaks, each with a loop over the payments: over the limit with any data. */
const LONG_TEMPLATE = `<p>{{client.name}}</p>${'<div style="break-after: page">Terms {{#each payments}}{{label}} {{/each}}</div>'.repeat(70)}`;

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { pdfAvailable: true, renderer });
  cookie = await contractorReadyToSend(t, 'long@example.com');
});
afterAll(async () => {
  await renderer.close();
  await t.close();
});

describe('the 60-page limit of a contract', () => {
  it('refuses a template that would print more, when it is saved', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/templates',
      { name: 'Too long', html: LONG_TEMPLATE, is_preset: false },
      { cookie },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('This template would print more than 60 pages');
  });

  it('refuses to send a contract that would print more, and leaves it a draft', async () => {
    await useDefaultTemplateHtml(t, 'long@example.com', LONG_TEMPLATE);
    const { id, sent } = await sendContract(t, cookie);
    expect(sent.statusCode).toBe(400);
    expect(sent.body).toContain('This contract would print more than 60 pages');
    const contract = await t.db
      .selectFrom('contracts')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(contract.status).toBe('draft');
  });
});
