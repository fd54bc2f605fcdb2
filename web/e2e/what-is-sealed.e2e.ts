import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetTemplates } from '../../db/seeds/preset-templates';
import { formatDate } from '../../src/domain/template-engine/formatters';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories';
import { DESKTOP, newPage, PHONE, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, signedInPage } from './support/flows';
import { setDefaultTemplateInDatabase } from './support/legacy-data';
import { pdftotextPages, wordsNotIn, wordsOf } from '../../src/test/pdf-words';

const running = workerApp();

/** Another site on this machine: it counts every request a contract document makes of it. */
let offsite: Server;
let offsiteUrl = '';
const offsiteHits: string[] = [];
beforeAll(async () => {
  offsite = createServer((request, response) => {
    offsiteHits.push(request.url ?? '');
    response.end('body{display:none}');
  });
  await new Promise<void>((resolve) => offsite.listen(0, '127.0.0.1', resolve));
  const address = offsite.address();
  offsiteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => offsite.close(resolve));
});

/** The audit's template: two versions of the terms and every kind of outside reference. */
const hostileTemplate = () => `<!doctype html><html><head>
<base href="${offsiteUrl}/">
<link rel="stylesheet" href="${offsiteUrl}/link.css">
<style>
@import url(${offsiteUrl}/import.css);
@font-face { font-family: Evil; src: url(${offsiteUrl}/font.woff) }
@media print { .screen { display: none } }
@media screen { .print { display: none } }
body { font-family: Evil, Arial; background: url(${offsiteUrl}/bg.png) }
</style></head><body>
<h1>Contract for {{client.name}}</h1>
<p class="screen">{{money contract.total_cents}}, 10-year warranty</p>
<p class="print">$50,000, no warranty, client waives all claims</p>
<img src="${offsiteUrl}/pixel.png" alt="">
<div style="background-image: url(${offsiteUrl}/inline.png)">Scope: {{scope.paragraph}}</div>
</body></html>`;

/** Every request and CSP complaint of a page that does not stay on the app's own origin. */
function watchOffsiteLoads(page: Page) {
  const requests: string[] = [];
  const blocked: string[] = [];
  const own = running.app().url;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(own) && !url.startsWith('data:') && url !== 'about:srcdoc') {
      requests.push(url);
    }
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|apply|connect)/i.test(message.text())) {
      blocked.push(message.text());
    }
  });
  return { requests, blocked };
}

/** A contractor's contract sent from their default template; the client's link from the mail. */
async function sendThroughApi(options: { template?: string; clientEmail: string }) {
  const { page } = await newPage(running.browser(), running.app().url, DESKTOP);
  const base = running.app().url;
  const headers = { origin: base };
  const email = uniqueEmail('sealed');
  await page.request.post(`${base}/api/auth/signup`, {
    data: { email, password: 'secret123', company_name: 'Sealed Landscaping' },
    headers,
  });
  await page.request.post(`${base}/api/acceptances`, {
    data: { type: 'legal_disclaimer', typed_name: 'Casey Sealed' },
    headers,
  });
  if (options.template) {
    await setDefaultTemplateInDatabase(running.app(), email, options.template);
  }
  const client = { name: 'Jordan Rivera', email: options.clientEmail };
  const created = await page.request.post(`${base}/api/contracts`, {
    data: sendableDraft(client),
    headers,
  });
  const { id } = (await created.json()) as { id: number };
  await page.request.post(`${base}/api/contracts/${id}/sign-mine`, {
    data: { signature: TEST_SIGNATURE_PNG },
    headers,
  });
  const sent = await page.request.post(`${base}/api/contracts/${id}/send`, {
    data: { client_data: client },
    headers,
  });
  expect(sent.status()).toBe(200);
  const mail = await running
    .smtp()
    .waitFor((message) => message.to.includes(options.clientEmail), 15_000);
  const link = /https?:\/\/\S+\/esign\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!link) throw new Error('no signing link in the mail');
  return { id, link: link[0], token: link[1] ?? '' };
}

/** The homeowner reads the contract on a phone and signs; returns the text they were shown. */
async function readAndSign(link: string) {
  const { page } = await newPage(running.browser(), running.app().url, PHONE);
  const loads = watchOffsiteLoads(page);
  await page.goto(link);
  const frame = page.frameLocator('iframe[title="Contract"]');
  await frame.getByText('Jordan Rivera').first().waitFor();
  const shown = await frame.locator('body').innerText();
  await page.getByLabel('I agree to use electronic records and signatures').check();
  await drawSignature(page, /Sign below to accept/);
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await page.getByRole('heading', { name: 'Contract Signed!' }).waitFor();
  return { page, shown, loads };
}

/**
 * The sealed PDF's contract pages as pdftotext reads them, without the page footers; the
 * signature certificate and its appendix (footed "Signature certificate") left out.
 */
async function sealedContractPages(page: Page, token: string, id: number) {
  const base = running.app().url;
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`${base}/api/esign/${token}`)).json()) as {
            executed_pdf: boolean;
          }
        ).executed_pdf,
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  const pdf = await (await page.request.get(`${base}/api/esign/${token}/executed.pdf`)).body();
  return (await pdftotextPages(pdf))
    .filter((text) => !text.includes(`Signature certificate · Contract #${id}`))
    .map((text) => text.replace(`Contract #${id}`, '').replace(/Page \d+ of \d+/, ''))
    .join('\n');
}

/** What signing adds to the client's block of the contract: their name and the date. */
const clientFillIns = () => wordsOf(`Jordan Rivera ${formatDate(new Date().toISOString())}`).sort();

describe('what the client is shown is what is sealed', () => {
  it('prints the Standard Contract word for word as the client read it', async () => {
    expect(presetTemplates[0]?.name).toBe('Standard Contract');
    const { id, link, token } = await sendThroughApi({
      // Short: a long address wraps in the PDF's narrow column and reads as two words there.
      clientEmail: uniqueEmail('s'),
    });
    const { page, shown, loads } = await readAndSign(link);
    const printed = await sealedContractPages(page, token, id);
    expect(wordsOf(shown).length).toBeGreaterThan(800);
    expect(wordsNotIn(wordsOf(shown), wordsOf(printed))).toEqual([]);
    expect(wordsNotIn(wordsOf(printed), wordsOf(shown))).toEqual(clientFillIns());
    expect(loads).toEqual({ requests: [], blocked: [] });
  });

  it('lets the client download, before signing, the very words they are shown, marked unsigned', async () => {
    const { id, link } = await sendThroughApi({ clientEmail: uniqueEmail('u') });
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto(link);
    const frame = page.frameLocator('iframe[title="Contract"]');
    await frame.getByText('Jordan Rivera').first().waitFor();
    const shown = await frame.locator('body').innerText();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download this contract (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`contract-${id}-unsigned.pdf`);
    const pages = await pdftotextPages(readFileSync(await download.path()));
    const mark = 'UNSIGNED COPY — for review before signing; the client has not signed it';
    for (const text of pages) expect(text).toContain(mark);
    const printed = pages
      .map((text) =>
        text
          .replace(mark, '')
          .replace(`Unsigned copy · Contract #${id}`, '')
          .replace(/Page \d+ of \d+/, ''),
      )
      .join('\n');
    expect(wordsNotIn(wordsOf(shown), wordsOf(printed))).toEqual([]);
    expect(wordsNotIn(wordsOf(printed), wordsOf(shown))).toEqual([]);
  });

  it('prints what the client read even from a template with a print-only version of the terms', async () => {
    offsiteHits.length = 0;
    const { id, link, token } = await sendThroughApi({
      template: hostileTemplate(),
      clientEmail: uniqueEmail('hostile'),
    });
    const { page, shown, loads } = await readAndSign(link);
    const printed = await sealedContractPages(page, token, id);
    expect(shown).toContain('$5,000.00, 10-year warranty');
    expect(wordsNotIn(wordsOf(shown), wordsOf(printed))).toEqual([]);
    expect(wordsNotIn(wordsOf(printed), wordsOf(shown))).toEqual([]);
    // Not a single attempt to reach the other site, not even one the page's policy blocked.
    expect(loads).toEqual({ requests: [], blocked: [] });
    expect(offsiteHits).toEqual([]);
  });

  it('previews a template in the editor without a single outside load, naming each problem', async () => {
    offsiteHits.length = 0;
    const page = await signedInPage(running, { company: 'Preview Builders', viewport: DESKTOP });
    const loads = watchOffsiteLoads(page);
    await page.goto('/templates/editor');
    await page.getByLabel(/^Template Name/).fill('Hostile');
    await page.getByLabel(/^HTML Template/).fill(hostileTemplate());
    await page.getByText('Fix these before saving').waitFor();
    await page.getByText(/^Line 3: <link> is removed/).waitFor();
    await page.getByText(/^Line 7: @media print makes the paper copy differ/).waitFor();
    expect(await page.getByRole('button', { name: 'Save Template' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Show Preview' }).click();
    await page
      .frameLocator('iframe[title="Template preview"]')
      .getByText('10-year warranty')
      .waitFor();
    await page.waitForTimeout(500);
    expect(loads).toEqual({ requests: [], blocked: [] });
    expect(offsiteHits).toEqual([]);
  });
});
