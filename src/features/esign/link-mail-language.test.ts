import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import {
  HOUR_MS,
  movableClock,
  queuedMails,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * Issue 20: every mail that carries a signing link speaks the client's language: the one the
 * contractor picked, or the one the homeowner switched the signing page to.
 */
let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, 'links@example.com', 'Jardines Ruiz');
});
afterAll(() => t.close());

const remind = (id: number) =>
  jsonPost(t.app, `/api/contracts/${id}/remind`, {}, { cookie: owner });

describe('the mails with a signing link', () => {
  it('are in Spanish for a Spanish contract: the request, a reminder and a new link', async () => {
    const { id } = await sendContract(t, owner, { language: 'es' });
    const [request] = await queuedMails(t, id, 'signing_request');
    expect(request?.subject).toBe('Jardines Ruiz le envió un contrato para firmar');
    clock.advance(2 * HOUR_MS);
    expect((await remind(id)).statusCode).toBe(200);
    const [reminder] = await queuedMails(t, id, 'signing_reminder');
    expect(reminder?.subject).toBe('Recordatorio: Jardines Ruiz está esperando su firma');
    expect(reminder?.text).toContain('Revise y firme el contrato aquí:');
    // One email an hour to a client (issue 33): the new link waits its turn.
    clock.advance(HOUR_MS);
    const extended = await jsonPost(
      t.app,
      `/api/contracts/${id}/extend`,
      { days: 14 },
      { cookie: owner },
    );
    expect(extended.statusCode, extended.body).toBe(200);
    const [newLink] = await queuedMails(t, id, 'signing_new_link');
    expect(newLink?.subject).toBe('Jardines Ruiz le envió un nuevo enlace para firmar su contrato');
  });

  it("follow the homeowner's switch: a reminder after it is in the language they chose", async () => {
    const { id, token } = await sendContract(t, owner);
    const [request] = await queuedMails(t, id, 'signing_request');
    expect(request?.subject).toBe('Jardines Ruiz sent you a contract to sign');
    const switched = await t.app.inject({
      method: 'POST',
      url: `/esign/${token}/language`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
      payload: 'language=es',
    });
    expect(switched.statusCode).toBe(303);
    clock.advance(2 * HOUR_MS);
    expect((await remind(id)).statusCode).toBe(200);
    const [reminder] = await queuedMails(t, id, 'signing_reminder');
    expect(reminder?.subject).toBe('Recordatorio: Jardines Ruiz está esperando su firma');
  });
});
