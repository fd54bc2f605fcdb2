import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTOR_EVENT_LINES, describeEvent } from '../../domain/contract-event-lines.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { eventsOf } from '../../test/follow-up-flow.js';
import { pdftotextPages } from '../../test/pdf-words.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { createPdfRenderer } from './pdf-renderer.js';
import { unsignedCopyRateLimit } from './unsigned-copy.service.js';

/**
 * GET /api/esign/:token/pdf (issue 32): the contract a homeowner is asked to sign, as a PDF they
 * can keep before signing, marked as unsigned on every page and recorded on the timeline.
 */

const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const NOW = new Date('2026-11-25T15:00:00.000Z');

const download = (
  t: TestApp,
  token: string,
  device = '203.0.113.50',
  agent = 'HomeownerPhone/1.0',
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/esign/${token}/pdf`,
    remoteAddress: device,
    headers: { 'user-agent': agent },
  });

describe('the unsigned copy, where Chromium prints', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({}, { pdfAvailable: true, renderer, clock: () => NOW });
    cookie = await contractorReadyToSend(t, 'unsigned@example.com', 'Greenleaf Landscaping');
  });
  afterAll(async () => {
    await renderer.close();
    await t.close();
  });

  it('answers the contract as shown, every page marked as an unsigned copy, as an attachment', async () => {
    const { id, token } = await sendContract(t, cookie);
    const answer = await download(t, token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="contract-${id}-unsigned.pdf"`,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const pages = await pdftotextPages(answer.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain(
        'UNSIGNED COPY — for review before signing; the client has not signed it',
      );
      expect(page).toContain(`Unsigned copy · Contract #${id}`);
    }
    const text = pages.join('\n');
    expect(text).toContain('Jordan Rivera');
    expect(text).toContain('$5,000.00');
  });

  it('marks a Spanish contract in Spanish', async () => {
    const { id, token } = await sendContract(t, cookie, { language: 'es' });
    const answer = await download(t, token);
    expect(answer.statusCode, answer.body).toBe(200);
    for (const page of await pdftotextPages(answer.rawPayload)) {
      expect(page).toContain(
        'COPIA SIN FIRMAR — para revisar antes de firmar; el cliente no la ha firmado',
      );
      expect(page).toContain(`Copia sin firmar · Contrato n.º ${id}`);
      expect(page).toMatch(/Página \d+ de \d+/);
      expect(page).not.toContain('UNSIGNED');
    }
  });

  it("is on the contract's timeline with the device and the link, once per device and window", async () => {
    const { id, token } = await sendContract(t, cookie);
    expect((await download(t, token, '203.0.113.61', 'Phone A')).statusCode).toBe(200);
    expect((await download(t, token, '203.0.113.61', 'Phone A')).statusCode).toBe(200);
    expect((await download(t, token, '203.0.113.62', 'Laptop B')).statusCode).toBe(200);
    const rows = await t.sql.all<{ actor: string; ip: string; user_agent: string }>(
      "SELECT actor, ip, user_agent FROM contract_events WHERE contract_id = ? AND type = 'unsigned_copy_downloaded' ORDER BY id",
      id,
    );
    expect(rows).toEqual([
      { actor: 'client', ip: '203.0.113.61', user_agent: 'Phone A' },
      { actor: 'client', ip: '203.0.113.62', user_agent: 'Laptop B' },
    ]);
    const [event] = await eventsOf(t, id, 'unsigned_copy_downloaded');
    if (!event) throw new Error('no download event');
    expect(event.details).toMatchObject({ link: { purpose: 'request' } });
    expect(describeEvent(event, CONTRACTOR_EVENT_LINES)).toBe(
      'Client downloaded the unsigned contract (PDF) through the signing request emailed Nov 25, 2026',
    );
    expect(describeEvent(event, messagesFor('es').events)).toMatch(
      /^Copia sin firmar del contrato \(PDF\) descargada por el cliente mediante la solicitud de firma/,
    );
    // A download is not an opening: the card's count stays.
    expect(await eventsOf(t, id, 'viewed')).toEqual([]);
  });

  it('answers an unknown link as the page does, and a closed one with its sentence', async () => {
    const unknown = await download(t, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('This signature link is no longer valid');

    const { id, token } = await sendContract(t, cookie);
    const declined = await jsonPost(t.app, `/api/esign/${token}/decline`, {
      reason: 'We chose another contractor',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const answer = await download(t, token);
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toBe('You declined this contract');
    expect(await eventsOf(t, id, 'unsigned_copy_downloaded')).toEqual([]);
  });
});

describe('the unsigned copy, where no Chromium is installed', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    cookie = await contractorReadyToSend(t, 'no-chromium@example.com');
  });
  afterAll(() => t.close());

  it("says so with a 503 in the reader's language, and records nothing", async () => {
    const { id, token } = await sendContract(t, cookie, { language: 'es' });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/esign/${token}/pdf`,
      remoteAddress: '203.0.113.70',
      headers: { accept: 'application/json' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message:
          'Este servidor no puede generar el PDF en este momento. Puede leer el contrato completo en la página de firma.',
      },
    });
    expect(await eventsOf(t, id, 'unsigned_copy_downloaded')).toEqual([]);
  });

  it('is limited per address more tightly than the page', async () => {
    const { token } = await sendContract(t, cookie);
    const device = '203.0.113.80';
    for (let index = 0; index < unsignedCopyRateLimit.limit; index += 1) {
      expect((await download(t, token, device)).statusCode).toBe(503);
    }
    const limited = await download(t, token, device);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The page itself still opens from there: the PDF's limit is its own.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/esign/${token}`,
          remoteAddress: device,
        })
      ).statusCode,
    ).toBe(200);
  });
});
