import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns, contractorReadyToSend, sendContract } from '../../../test/contract-flow.js';
import { eventsOf, newDevice } from '../../../test/follow-up-flow.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Issue 33: the signing page's language switch changes and records the contract's language only
 * while the contract awaits the client's signature. A closed one keeps the language it was
 * signed or declined in; the page the switch lands on may read in the language asked, unstored.
 */
let t: TestApp;
let owner: string;
let device = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'closed-language@example.com', 'Stone & Sons');
});
afterAll(() => t.close());

function openPage(path: string) {
  device += 1;
  return t.app.inject({
    method: 'GET',
    url: path,
    remoteAddress: `198.19.2.${device}`,
    headers: { 'sec-fetch-mode': 'navigate', 'user-agent': 'HomeownerPhone/2.0' },
  });
}

function switchLanguage(token: string, language: string) {
  return t.app.inject({
    method: 'POST',
    url: `/esign/${token}/language`,
    remoteAddress: '198.19.3.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
    payload: `language=${language}`,
  });
}

const languageOf = (id: number) =>
  t.sql.value<string>('SELECT language FROM contracts WHERE id = ?', id);

describe('the language switch of a closed contract', () => {
  it.each([
    ['completed', (token: string) => clientSigns(t, token), 'Firmado el'],
    [
      'declined',
      (token: string) => newDevice().decline(t, token, 'Not this year'),
      'Usted rechazó este contrato',
    ],
  ] as const)(
    'records nothing on a %s contract and keeps its language; only the page it lands on reads in Spanish',
    async (status, close, spanish) => {
      const { id, token } = await sendContract(t, owner);
      expect((await close(token)).statusCode).toBe(200);
      const before = await eventsOf(t, id);
      expect(before.at(-1)?.type).toBe(status);

      const switched = await switchLanguage(token, 'es');
      expect(switched.statusCode).toBe(303);
      expect(switched.headers.location).toBe(`/esign/${token}?lang=es`);
      expect(await languageOf(id)).toBe('en');
      expect(await eventsOf(t, id)).toEqual(before);

      const shown = await openPage(`/esign/${token}?lang=es`);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('<html lang="es">');
      expect(shown.body).toContain(spanish);
      expect(shown.body).toMatch(/value="es"[^>]*aria-pressed="true"/);
      // The record's own page stays in the language the contract closed in.
      const own = await openPage(`/esign/${token}`);
      expect(own.body).toContain('<html lang="en">');
      expect(await eventsOf(t, id)).toEqual(before);
    },
  );

  it('still switches, stores and records a contract awaiting signature, which no ?lang= can change', async () => {
    const { id, token } = await sendContract(t, owner);
    const asked = await openPage(`/esign/${token}?lang=es`);
    expect(asked.body).toContain('<html lang="en">');
    const switched = await switchLanguage(token, 'es');
    expect(switched.headers.location).toBe(`/esign/${token}`);
    expect(await languageOf(id)).toBe('es');
    expect(await eventsOf(t, id, 'language_changed')).toHaveLength(1);
    expect((await openPage(`/esign/${token}?lang=en`)).body).toContain('<html lang="es">');
  });
});
