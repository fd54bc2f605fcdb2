import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import type { Language } from '../../domain/i18n/languages.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { pdftotextPages, wordsNotIn, wordsOf } from '../../test/pdf-words.js';
import { createTestApp, get, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { startDocumentWorker } from './document-worker.js';
import { CONTRACT_MAX_PAGES, createPdfRenderer } from './pdf-renderer.js';

/**
 * Issue 31: the client switches the signing page's language and signs. The switch changes the
 * page around the contract and the certificate's headings; the contract's own pages in the sealed
 * PDF are still the document the client was shown, and the certificate's fingerprint is that
 * document's.
 */

const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const NOW = new Date('2026-11-25T15:00:00.000Z');

/** Longer than the certificate's timeline column is wide (and without a hyphen: pdftotext joins
 * a word broken after one, so the test could not tell where it wrapped). */
const CONTRACTOR_EMAIL = 'office.manager.greenline@greenlineirrigation.example';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { pdfAvailable: true, clock: () => NOW });
  cookie = await contractorReadyToSend(t, CONTRACTOR_EMAIL, 'Greenline Irrigation');
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

/** The page's language switch, as the form on the signing page posts it. */
async function switchTo(token: string, language: Language) {
  const switched = await t.app.inject({
    method: 'POST',
    url: `/esign/${token}/language`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.origin },
    payload: `language=${language}`,
  });
  expect(switched.statusCode).toBe(303);
}

const CASES: { sentIn: Language; readIn: Language; date: string; otherDate: string }[] = [
  {
    sentIn: 'en',
    readIn: 'es',
    date: 'Contract date: November 25, 2026',
    otherDate: 'noviembre',
  },
  {
    sentIn: 'es',
    readIn: 'en',
    date: 'Fecha del contrato: 25 de noviembre de 2026',
    otherDate: 'November',
  },
];

describe('a contract signed after the client switched languages', () => {
  for (const { sentIn, readIn, date, otherDate } of CASES) {
    it(`seals the ${sentIn} document the client was shown, after a switch to ${readIn}`, async () => {
      const { id, token } = await sendContract(t, cookie, { language: sentIn });
      const shown = (await get(t.app, `/api/esign/${token}`)).json<{ template_html: string }>()
        .template_html;
      await switchTo(token, readIn);
      // The page now reads in the other language; the document it shows has not changed.
      const afterSwitch = (await get(t.app, `/api/esign/${token}`)).json<{
        template_html: string;
        language: Language;
      }>();
      expect(afterSwitch.language).toBe(readIn);
      expect(afterSwitch.template_html).toBe(shown);

      expect((await clientSigns(t, token)).statusCode).toBe(200);
      expect(await runWorkerOnce()).toBe(1);
      const pdf = (await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie })).rawPayload;
      const pages = await pdftotextPages(pdf);
      const certificateStart = pages.findIndex((page) =>
        page.includes(messagesFor(readIn).certificate.title),
      );
      expect(certificateStart).toBeGreaterThan(0);
      const contractPages = pages.slice(0, certificateStart).join('\n');
      const certificate = pages.slice(certificateStart).join('\n');

      expect(contractPages).toContain(date);
      expect(contractPages).not.toContain(otherDate);

      // The shown document printed the same way: the sealed pages hold every word of it, and
      // add only the client's typed name and the date they signed on.
      const footers = messagesFor(sentIn).certificate.footers;
      const shownPages = await renderer.render(shown, {
        footerLabel: footers.contract(id),
        pageWords: footers,
        maxPages: CONTRACT_MAX_PAGES,
      });
      const shownWords = wordsOf((await pdftotextPages(shownPages)).join('\n'));
      const sealedWords = wordsOf(contractPages);
      expect(wordsNotIn(shownWords, sealedWords)).toEqual([]);
      const signedOn = sentIn === 'en' ? 'November 25, 2026' : '25 de noviembre de 2026';
      expect(wordsNotIn(sealedWords, shownWords)).toEqual(
        wordsOf(`Jordan Rivera ${signedOn}`).sort(),
      );

      // The certificate's headings follow the client's language; it names the document by the
      // title it was shown with, and fingerprints exactly what the signing page showed.
      const shownTitle = messagesFor(sentIn).certificate.defaultTitle;
      expect(certificate).toContain(
        messagesFor(readIn).certificate.contractHeading(id, shownTitle),
      );
      const shownSha256 = createHash('sha256').update(shown).digest('hex');
      expect(certificate.replace(/\s+/g, '')).toContain(shownSha256);

      // Every row of its timeline reads in its language, and no address breaks inside a word.
      const rows = messagesFor(readIn).events.words;
      const otherRows = messagesFor(sentIn).events.words;
      expect(certificate).toContain(rows.signed_by_client);
      expect(certificate).toContain(rows.signed_by_contractor);
      expect(certificate).not.toContain(otherRows.signed_by_client);
      expect(certificate).not.toContain(otherRows.signed_by_contractor);
      expect(certificate).toContain(messagesFor(readIn).certificate.parties.client);
      // It may wrap after its @ or before a dot: nowhere else.
      const rejoined = certificate.replace(/@\n/g, '@').replace(/\n(?=\.)/g, '');
      const mentions = rejoined.split('office').length - 1;
      expect(mentions).toBeGreaterThanOrEqual(3);
      expect(rejoined.split(CONTRACTOR_EMAIL).length - 1).toBe(mentions);
      // Two prints and a seal: more than the default 20 s while the other lane is busy.
    }, 60_000);
  }
});
