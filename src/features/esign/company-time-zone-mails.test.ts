import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { movableClock, newDevice, queuedMails } from '../../test/follow-up-flow.js';
import { createTestApp, jsonPut, type TestApp } from '../../test/test-app.js';

/**
 * Mails print times on the company's clock, named by its zone (issue 31): an account in
 * America/Chicago sends at 9:00 AM CST (15:00 UTC), and its link is valid 30 days
 * (SIGNING_LINK_DAYS' default). An account without a zone keeps the UTC words of before.
 */
let t: TestApp;
let chicago: string;
let unset: string;

beforeAll(async () => {
  const clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
  t = await createTestApp({}, { clock: clock.now });
  chicago = await contractorReadyToSend(t, 'chicago@example.com', 'Prairie Fences');
  const zoned = await jsonPut(
    t.app,
    '/api/prefs',
    { time_zone: 'America/Chicago' },
    { cookie: chicago },
  );
  expect(zoned.statusCode, zoned.body).toBe(200);
  unset = await contractorReadyToSend(t, 'utc@example.com', 'Coastal Decks');
});
afterAll(() => t.close());

async function sent(cookie: string, language: 'en' | 'es' = 'en') {
  const result = await sendContract(t, cookie, { language });
  expect(result.sent.statusCode, result.sent.body).toBe(200);
  return result;
}

describe("mails on the company's clock", () => {
  it("say until when the client's link is valid in the company's zone, in both languages", async () => {
    const english = await sent(chicago);
    const [request] = await queuedMails(t, english.id, 'signing_request');
    expect(request?.text).toContain(
      'This secure link expires on December 31, 2026 at 9:00 AM CST.',
    );
    expect(request?.html).toContain('December 31, 2026 at 9:00 AM CST');

    const spanish = await sent(chicago, 'es');
    const [solicitud] = await queuedMails(t, spanish.id, 'signing_request');
    expect(solicitud?.text).toContain(
      'Este enlace seguro es válido hasta el 31 de diciembre de 2026 a las 9:00 a. m. CST.',
    );
  });

  it("tell the contractor when the client opened and declined, on the contractor's clock", async () => {
    const { id, token } = await sent(chicago);
    const device = newDevice();
    expect((await device.open(t, token)).statusCode).toBe(200);
    const [viewed] = await queuedMails(t, id, 'viewed_alert');
    expect(viewed?.text).toContain('on December 1, 2026 at 9:00 AM CST');
    expect((await device.decline(t, token, 'Too expensive')).statusCode).toBe(200);
    const [declined] = await queuedMails(t, id, 'declined_notice');
    expect(declined?.text).toContain('on December 1, 2026 at 9:00 AM CST');
  });

  it('keep the UTC words of before while the company has no time zone', async () => {
    const { id, token } = await sent(unset);
    const [request] = await queuedMails(t, id, 'signing_request');
    expect(request?.text).toContain('This secure link expires on December 31, 2026.');
    expect((await newDevice().open(t, token)).statusCode).toBe(200);
    const [viewed] = await queuedMails(t, id, 'viewed_alert');
    expect(viewed?.text).toContain('on December 1, 2026 at 3:00 PM UTC');
  });
});
