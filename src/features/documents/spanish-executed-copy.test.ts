import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { queuedMails } from '../../test/follow-up-flow.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, get, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { startDocumentWorker } from './document-worker.js';
import { createPdfRenderer } from './pdf-renderer.js';

/**
 * The executed copy of a Spanish contract, printed by Chromium (docs/decisions/029): the
 * contract is Contrato estándar, the certificate's headings and the page footers are Spanish.
 */

const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const NOW = new Date('2026-11-25T15:00:00.000Z');

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { pdfAvailable: true, clock: () => NOW });
  cookie = await contractorReadyToSend(t, 'pavers@example.com', 'Rock & Roll Pavers');
});
afterAll(async () => {
  await renderer.close();
  await t.close();
});

async function signedInSpanish(): Promise<number> {
  const { id, token } = await sendContract(t, cookie, { language: 'es' });
  const signed = await clientSigns(t, token);
  expect(signed.statusCode, signed.body).toBe(200);
  return id;
}

async function runWorkerOnce() {
  const worker = startDocumentWorker({
    db: t.db,
    renderer,
    publicUrl: t.config.PUBLIC_URL,
    log: quiet,
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(t.dir),
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

describe("a Spanish contract's executed copy", () => {
  it('prints Contrato estándar and a certificate with Spanish headings and footers', async () => {
    const id = await signedInSpanish();
    expect(await runWorkerOnce()).toBe(1);
    const download = await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie });
    expect(download.statusCode).toBe(200);
    const { text } = await pdfText(download.rawPayload);
    for (const expected of [
      'Contrato de mejoras para el hogar',
      'Fecha del contrato: 25 de noviembre de 2026',
      'Certificado de firmas',
      'Historial de eventos',
      'Integridad y verificación',
      `Contrato n.º ${id}`,
      `Certificado de firmas · Contrato n.º ${id}`,
      'Página 1 de',
      '$5,000.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Signature Certificate');
    expect(text).not.toMatch(/Page \d+ of/);

    const [copy] = await queuedMails(t, id, 'signed_copy_client');
    expect(copy?.text).toContain(`Le adjuntamos la copia firmada (contract-${id}-executed.pdf)`);
  });
});
