import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_CONSENT_VERSION } from '../../domain/esign-consent/notice.js';
import type { Language } from '../../domain/i18n/languages.js';
import {
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT_SIGNATURE_PNG,
} from '../../test/contract-flow.js';
import { eventsOf } from '../../test/follow-up-flow.js';
import { pdftotextPages } from '../../test/pdf-words.js';
import { createTestApp, get, jsonPost, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { startDocumentWorker } from './document-worker.js';
import { createPdfRenderer } from './pdf-renderer.js';

/**
 * What is sealed of the client's consent and name (issue 32), read from the sealed PDF with
 * poppler's pdftotext: the certificate prints the notice's version, language and hash and the
 * name the client typed beside the contractor's entry; the appendix page after it carries the
 * notice the client read, in the language they read it in.
 */

const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const NOW = new Date('2026-11-25T15:00:00.000Z');

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { pdfAvailable: true, clock: () => NOW });
  cookie = await contractorReadyToSend(t, 'sealed-consent@example.com', 'Greenleaf Landscaping');
  // A fee for a paper copy, which the notice names (and so its hash covers).
  await t.db.updateTable('preferences').set({ paper_copy_fee_cents: 2_500 }).execute();
});
afterAll(async () => {
  await renderer.close();
  await t.close();
});

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

/** Sent in `language`, read and signed by a client who typed `signerName`; the sealed pages. */
async function sealedWithTypedName(language: Language, signerName: string) {
  const { id, token } = await sendContract(t, cookie, { language });
  const page = (await get(t.app, `/api/esign/${token}`)).json<{ consent_sha256: string }>();
  const signed = await jsonPost(t.app, `/api/esign/${token}`, {
    signature: TEST_CLIENT_SIGNATURE_PNG,
    consent: true,
    signer_name: signerName,
    consent_version: ESIGN_CONSENT_VERSION,
    consent_language: language,
    consent_sha256: page.consent_sha256,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  expect(await runWorkerOnce()).toBe(1);
  const pdf = await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie });
  expect(pdf.statusCode).toBe(200);
  const [consented] = await eventsOf(t, id, 'consented');
  const pages = (await pdftotextPages(pdf.rawPayload)).map((text) => text.replace(/\s+/g, ' '));
  return { id, pages, sha256: String(consented?.details?.disclosure_sha256), recorded: page };
}

/** The pages from the one the appendix starts on, to the end; none before it say its heading. */
function appendixOf(certificatePages: string[], heading: string): string {
  const first = certificatePages.findIndex((page) => page.includes(heading));
  expect(first).toBeGreaterThan(0);
  expect(certificatePages[first]?.trimStart().startsWith(heading)).toBe(true);
  return certificatePages.slice(first).join(' ');
}

describe('the sealed PDF of a contract signed under the full notice', () => {
  it('prints the consent, the typed name and the whole notice, in English', async () => {
    const { id, pages, sha256, recorded } = await sealedWithTypedName('en', 'Jordan A. Rivera');
    expect(sha256).toBe(recorded.consent_sha256);
    const certificate = pages.filter((page) =>
      page.includes(`Signature certificate · Contract #${id}`),
    );
    const text = certificate.join(' ');
    expect(text).toContain('Signature Certificate');
    expect(text).toContain('Signed by all parties');
    expect(text).not.toContain('Certificate of Completion');
    expect(text).toContain('Name typed by the signer Jordan A. Rivera');
    expect(text).toContain('Name entered by the contractor Jordan Rivera');
    expect(text).toContain(`given (notice in English, version ${ESIGN_CONSENT_VERSION})`);
    expect(text).toContain(`SHA-256 of the notice text the client was shown: ${sha256}`);

    // The appendix ends the document: the notice as it was shown, fee and contacts included.
    const appendix = appendixOf(certificate, 'Appendix: the consent notice the client accepted');
    expect(appendix).toContain('Appendix: the consent notice the client accepted');
    expect(appendix).toContain(
      `SHA-256 of this text, as recorded when the client signed: ${sha256}`,
    );
    expect(appendix).toContain(
      'Greenleaf Landscaping charges a fee of $25.00 for each paper copy.',
    );
    expect(appendix).toContain('Withdrawing your consent');
    expect(appendix).toContain('I have read this notice and I can open PDF files.');
    expect(appendix).not.toContain('Event timeline');
    // Prints and seals a whole executed copy with Chromium: more than the leg's 20 s under load.
  }, 60_000);

  it('prints them in Spanish for a contract read in Spanish', async () => {
    const { id, pages, sha256 } = await sealedWithTypedName('es', 'Jordan Rivera');
    const certificate = pages.filter((page) =>
      page.includes(`Certificado de firmas · Contrato n.º ${id}`),
    );
    const text = certificate.join(' ');
    expect(text).toContain('Certificado de firmas');
    expect(text).toContain('Firmado por todas las partes');
    // The client kept the contractor's entry: one name.
    expect(text).toContain('Nombre Jordan Rivera');
    expect(text).not.toContain('Nombre escrito por el firmante');
    expect(text).toContain(`otorgado (aviso en español, versión ${ESIGN_CONSENT_VERSION})`);
    expect(text).toContain(`SHA-256 del texto del aviso que se le mostró al cliente: ${sha256}`);
    expect(text).not.toContain('divulgación');
    const appendix = appendixOf(
      certificate,
      'Anexo: el aviso de consentimiento que aceptó el cliente',
    );
    expect(appendix).toContain('Anexo: el aviso de consentimiento que aceptó el cliente');
    expect(appendix).toContain(
      'Greenleaf Landscaping cobra un cargo de $25.00 por cada copia en papel.',
    );
    expect(appendix).toContain('He leído este aviso y puedo abrir archivos PDF.');
  }, 60_000);
});
