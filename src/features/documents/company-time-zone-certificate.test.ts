import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { movableClock } from '../../test/follow-up-flow.js';
import { createTestApp, jsonPut, type TestApp } from '../../test/test-app.js';
import { auditTrailSection } from '../contracts/audit-trail-html.js';
import { renderCertificateHtml } from './certificate/index.js';
import { buildCertificateInput, loadSignedContract } from './certificate-input.js';

/**
 * The signature certificate keeps UTC, the record's time, and prints the company's clock
 * beside it (issue 31): an account in America/Chicago, signed at 3:31 PM UTC (9:31 AM CST).
 */
let t: TestApp;
let chicago: string;
let unset: string;

beforeAll(async () => {
  const clock = movableClock(new Date('2026-12-01T15:31:00.000Z'));
  t = await createTestApp({}, { pdfAvailable: true, clock: clock.now });
  chicago = await contractorReadyToSend(t, 'cert-zone@example.com', 'Prairie Fences');
  const zoned = await jsonPut(
    t.app,
    '/api/prefs',
    { time_zone: 'America/Chicago' },
    { cookie: chicago },
  );
  expect(zoned.statusCode, zoned.body).toBe(200);
  unset = await contractorReadyToSend(t, 'cert-utc@example.com', 'Coastal Decks');
});
afterAll(() => t.close());

async function signedCertificate(cookie: string, language: 'en' | 'es' = 'en') {
  const { id, token } = await sendContract(t, cookie, { language });
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  const contract = await loadSignedContract(t.db, id);
  return renderCertificateHtml(
    await buildCertificateInput(t.db, contract, {
      contractPagesSha256: 'a'.repeat(64),
      verifyUrl: 'http://localhost:3000/verify',
    }),
  );
}

describe("the certificate on the company's clock", () => {
  it('prints the completion and every event in UTC with the local time beside it', async () => {
    const html = await signedCertificate(chicago);
    expect(html).toContain('<td>December 1, 2026 at 3:31 PM UTC (9:31 AM CST)</td>');
    const rows = [...html.matchAll(/<td>([^<]*UTC[^<]*)<\/td><td>/g)].map((match) => match[1]);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row).toBe('December 1, 2026 at 3:31 PM UTC (9:31 AM CST)');
  });

  it('does so in Spanish too', async () => {
    const html = await signedCertificate(chicago, 'es');
    expect(html).toContain('<td>1 de diciembre de 2026 a las 3:31 p. m. UTC (9:31 a. m. CST)</td>');
  });

  it('prints UTC alone while the company has no time zone', async () => {
    const html = await signedCertificate(unset);
    expect(html).toContain('<td>December 1, 2026 at 3:31 PM UTC</td>');
    expect(html).not.toContain('CST)');
  });
});

describe("the HTML audit trail on the company's clock", () => {
  const events = [
    {
      type: 'sent',
      at: '2026-12-01T03:31:00.000Z',
      actor: 'a@b.example',
      ip: null,
      user_agent: null,
    },
  ];

  it('prints UTC with the local time, its date too when the day differs', () => {
    expect(auditTrailSection(events, null, 'en', 'America/Chicago')).toContain(
      '<td>December 1, 2026 at 3:31 AM UTC (November 30, 2026 at 9:31 PM CST)</td>',
    );
    expect(auditTrailSection(events, null, 'es', 'America/Chicago')).toContain(
      '<td>1 de diciembre de 2026 a las 3:31 a. m. UTC (30 de noviembre de 2026 a las 9:31 p. m. CST)</td>',
    );
    expect(auditTrailSection(events, null, 'en')).toContain(
      '<td>December 1, 2026 at 3:31 AM UTC</td>',
    );
  });
});
