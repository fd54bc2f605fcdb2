import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../../test/contract-flow.js';
import { eventsOf, newDevice } from '../../../test/follow-up-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../../test/test-app.js';
import { noticeSha256 } from '../../consent-record/notice-hash.js';
import { consentNotice, ESIGN_CONSENT_VERSION } from '../../../domain/esign-consent/notice.js';
import { formatLongDate } from '../../../domain/dates.js';
import { esignRateLimits } from '../esign.service.js';

/** Issue 20: /esign/:token is rendered on the server, whole, in the client's language. */
let t: TestApp;
let owner: string;
let device = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'pages@example.com', 'Rock & Roll <Pavers>');
});
afterAll(() => t.close());

/** A phone of its own (per-address limits stay out of the way), as a browser navigates. */
function openPage(token: string, headers: Record<string, string> = {}) {
  device += 1;
  return t.app.inject({
    method: 'GET',
    url: `/esign/${token}`,
    remoteAddress: `198.19.0.${device}`,
    headers: { 'user-agent': 'HomeownerPhone/2.0', ...headers },
  });
}
const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

const viewCount = (id: number) =>
  t.sql.value<number>('SELECT view_count FROM contracts WHERE id = ?', id);

function switchLanguage(token: string, body: string, origin: string | null = t.origin) {
  return t.app.inject({
    method: 'POST',
    url: `/esign/${token}/language`,
    remoteAddress: '198.19.1.1',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
    },
    payload: body,
  });
}

describe('the signing page', () => {
  it('holds the banner, the contract, the consent and the island data, escaped, never cached', async () => {
    const { token } = await sendContract(t, owner);
    const page = await openPage(token, navigation);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sign your contract · Rock &amp; Roll &lt;Pavers&gt;</title>');
    expect(html).toContain('Secure Contract Signature');
    expect(html).toContain('Rock &amp; Roll &lt;Pavers&gt; · Contract #');
    expect(html).toContain('Review your contract');
    expect(html).toContain('Notice: Consent to Electronic Records and Signatures');
    expect(html).toContain('Signing needs JavaScript.');
    // The document rides escaped in srcdoc, in a frame that runs nothing.
    const frame = /<iframe [^>]*srcdoc="([^"]*)"><\/iframe>/.exec(html);
    expect(frame?.[0]).toContain('sandbox="allow-same-origin"');
    expect(frame?.[1]).toContain('&lt;html');
    // The island's words, as JSON that cannot close its <script> element.
    const json = /<script type="application\/json" id="signing-data">([^<]*)<\/script>/.exec(html);
    const data = JSON.parse(json?.[1] ?? 'null') as { words: { declineIntro: string } };
    expect(data.words.declineIntro).toContain('Tell Rock & Roll <Pavers> why');
    expect(json?.[1]).not.toContain(token);
  });

  it('carries the contract for a browser without script in a shadow root, the frame giving way', async () => {
    const { token } = await sendContract(t, owner);
    const html = (await openPage(token, navigation)).body;
    const inline =
      /<noscript><div class="contract-inline" role="document" aria-label="Contract"><template shadowrootmode="open">([\s\S]*?)<\/template><\/div><\/noscript>/.exec(
        html,
      );
    expect(inline?.[1]).toContain('<contract-html lang="en"><contract-body>');
    expect(inline?.[1]).toContain('Rock &amp; Roll &lt;Pavers&gt;');
    expect(html).toContain(
      '<noscript><style>.review:not(:has(template)) > .contract { display: none; }</style></noscript>',
    );
  });

  it('records an opening for a browser navigating to it, not for a scanner fetching it', async () => {
    const { id, token } = await sendContract(t, owner);
    await openPage(token, { 'user-agent': 'LinkScanner/1.0' });
    await openPage(token, { ...navigation, 'sec-purpose': 'prefetch' });
    expect(await viewCount(id)).toBe(0);
    await openPage(token, navigation);
    expect(await viewCount(id)).toBe(1);
    expect(await eventsOf(t, id, 'viewed')).toHaveLength(1);
  });

  it("says a link that leads nowhere is one, in the spec's words, with 404", async () => {
    for (const token of ['A'.repeat(43), 'not%20a%20token']) {
      const page = await openPage(token, navigation);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Invalid or Expired Link');
      expect(page.body).toContain(
        'This signature link is no longer valid. Please contact the sender for a new link.',
      );
      expect(page.body).not.toContain('<iframe');
    }
  });

  it('says a busy server could not load the contract, and offers to try again', async () => {
    const { token } = await sendContract(t, owner);
    const busy = async () =>
      t.app.inject({ method: 'GET', url: `/esign/${token}`, remoteAddress: '198.19.2.1' });
    for (let opening = 0; opening < esignRateLimits.view.limit; opening += 1)
      expect((await busy()).statusCode).toBe(200);
    const page = await busy();
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Could Not Load the Contract');
    expect(page.body).toContain(
      `<a class="button button-default" href="/esign/${token}">Try again</a>`,
    );
  });

  it('is made once while nothing about it changes, and shows a changed fee at the next opening', async () => {
    const { token } = await sendContract(t, owner);
    const first = await openPage(token, navigation);
    // Opened again from other phones, nothing changed: the same page (issue 33).
    expect((await openPage(token, navigation)).body).toBe(first.body);
    const islandData = (html: string) =>
      /<script type="application\/json" id="signing-data">([^<]*)<\/script>/.exec(html)?.[1];
    await t.db.updateTable('preferences').set({ paper_copy_fee_cents: 1250 }).execute();
    try {
      const after = await openPage(token, navigation);
      expect(first.body).not.toContain('$12.50');
      expect(after.body).toContain('$12.50');
      // The hash the island sends back is the new notice's.
      const sha256 = (html: string) =>
        (JSON.parse(islandData(html) ?? '{}') as { consentSha256?: string }).consentSha256;
      expect(sha256(after.body)).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(after.body)).not.toBe(sha256(first.body));
    } finally {
      await t.db.updateTable('preferences').set({ paper_copy_fee_cents: null }).execute();
    }
  });

  it('shows the signed state with the done words after signing, and no consent to give again', async () => {
    const { token } = await sendContract(t, owner);
    expect((await newDevice().sign(t, token)).statusCode).toBe(200);
    const page = await openPage(token, navigation);
    expect(page.body).toContain('Contract Signed!');
    expect(page.body).toContain(
      'Thank you for signing the contract. You will receive a copy via email shortly.',
    );
    expect(page.body).toContain('Signed on ');
    expect(page.body).not.toContain('signing-data');
    expect(page.body).not.toContain('Notice: Consent to Electronic Records and Signatures');
  });

  it('names a withdrawal and its reason, escaped', async () => {
    const { id, token } = await sendContract(t, owner);
    const withdrawn = await jsonPost(
      t.app,
      `/api/contracts/${id}/void`,
      { reason: 'Price <changed>' },
      { cookie: owner },
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const page = await openPage(token, navigation);
    expect(page.body).toContain('Contract Withdrawn');
    expect(page.body).toContain('Reason: Price &lt;changed&gt;');
  });
});

describe('the ESIGN notice on the page (issue 32)', () => {
  /** The page's text between two markers, tags dropped and entities read, as a person reads it. */
  function readable(html: string): string {
    return html
      .replace(/<\/?a\b[^>]*>/g, '')
      .replace(/<[^>]+>/g, '\n')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"');
  }

  it.each(['en', 'es'] as const)(
    'shows the whole notice in %s, unfolded, before the consent box, with the PDF link and its hash',
    async (language) => {
      await t.db
        .updateTable('preferences')
        .set({ paper_copy_fee_cents: 375, company_phone: '5550104400' })
        .execute();
      const { token } = await sendContract(t, owner, { language });
      const html = (await openPage(token, navigation)).body;
      const consentAt = html.indexOf('id="signing-consent"');
      const islandAt = html.indexOf('id="signing-island"');
      expect(consentAt).toBeGreaterThan(0);
      expect(islandAt).toBeGreaterThan(consentAt);
      const block = html.slice(consentAt, islandAt);
      // Nothing folded away: the notice is text in the page, for a browser without script too.
      expect(block).not.toContain('<details');
      const text = readable(block);
      const json = /<script type="application\/json" id="signing-data">([^<]*)<\/script>/.exec(
        html,
      );
      const data = JSON.parse(json?.[1] ?? 'null') as {
        consentVersion: string;
        consentSha256: string;
        words: { agree: string };
      };
      const notice = consentNotice(ESIGN_CONSENT_VERSION, language, {
        companyName: 'Rock & Roll <Pavers>',
        companyPhone: '5550104400',
        companyEmail: null,
        paperCopyFeeCents: 375,
      });
      expect(text).toContain(notice.title);
      for (const section of notice.sections) {
        expect(text).toContain(section.heading);
        expect(text).toContain(section.text);
      }
      expect(text).toContain(language === 'en' ? '$3.75 for each paper copy' : '$3.75 por cada');
      // The box's words close the notice; the island carries the hash of exactly this text.
      expect(data.words.agree).toBe(notice.checkbox);
      expect(data.consentVersion).toBe(ESIGN_CONSENT_VERSION);
      expect(data.consentSha256).toBe(noticeSha256(notice));
      const link = /<a class="pdf-link" href="([^"]+)" download>[\s\S]*?<\/a>/.exec(block);
      expect(link?.[1]).toBe(`/api/esign/${token}/pdf`);
      expect(readable(link?.[0] ?? '')).toContain(
        language === 'en' ? 'Download this contract (PDF)' : 'Descargar este contrato (PDF)',
      );
      if (language === 'es') expect(text.toLowerCase()).not.toContain('divulgaci');
      // The contractor's phone, to call to withdraw or ask for paper, is a link kept on one line.
      expect(block).toContain('<a href="tel:+15550104400">(555) 010-4400</a>');
      await t.db
        .updateTable('preferences')
        .set({ paper_copy_fee_cents: null, company_phone: null })
        .execute();
    },
  );

  it('fills the name field with the contractor’s entry for the client', async () => {
    const { token } = await sendContract(t, owner);
    const html = (await openPage(token, navigation)).body;
    const json = /<script type="application\/json" id="signing-data">([^<]*)<\/script>/.exec(html);
    const data = JSON.parse(json?.[1] ?? 'null') as { signerName: unknown };
    expect(data.signerName).toEqual({ initial: 'Jordan Rivera', most: 120 });
  });
});

describe('switching the language', () => {
  it('answers in Spanish after the switch, and records who switched from what to what', async () => {
    const { id, token } = await sendContract(t, owner);
    const switched = await switchLanguage(token, 'language=es');
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe(`/esign/${token}`);
    const page = await openPage(token, navigation);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Firma segura del contrato');
    expect(page.body).toContain(
      'Aviso: consentimiento para el uso de documentos y firmas electrónicos',
    );
    expect(page.body).toContain('Para firmar se necesita JavaScript.');
    // The toast's title when signing fails: a sentence, not "Error al firmar" (decision 039).
    expect(page.body).toContain('"toastErrorTitle":"No se pudo firmar el contrato"');
    expect(page.body).toContain('"language":"es"');
    const events = await eventsOf(t, id, 'language_changed');
    expect(events).toEqual([
      expect.objectContaining({
        actor: 'client',
        details: {
          from: 'en',
          to: 'es',
          signer: expect.objectContaining({ position: 1 }) as unknown,
        },
      }),
    ]);
    // The language shown already: nothing changes, nothing is recorded.
    await switchLanguage(token, 'language=es');
    expect(await eventsOf(t, id, 'language_changed')).toHaveLength(1);
    await switchLanguage(token, 'language=en');
    expect((await openPage(token, navigation)).body).toContain('<html lang="en">');
    expect(await eventsOf(t, id, 'language_changed')).toHaveLength(2);
  });

  it('dates a Spanish decline and signature in the sentence, "el 25 de noviembre de 2026"', async () => {
    const declined = await sendContract(t, owner);
    await switchLanguage(declined.token, 'language=es');
    expect((await newDevice().decline(t, declined.token, 'No es el momento')).statusCode).toBe(200);
    const closedAt = await t.sql.value<string>(
      'SELECT closed_at FROM contracts WHERE id = ?',
      declined.id,
    );
    const declinedPage = await openPage(declined.token, navigation);
    expect(declinedPage.body).toContain(
      `Usted rechazó este contrato el ${formatLongDate(closedAt, 'es')}. ` +
        'Rock &amp; Roll &lt;Pavers&gt; ya recibió la notificación.',
    );

    const signed = await sendContract(t, owner);
    await switchLanguage(signed.token, 'language=es');
    expect((await newDevice().sign(t, signed.token)).statusCode).toBe(200);
    const signedAt = await t.sql.value<string>(
      'SELECT client_signed_at FROM contracts WHERE id = ?',
      signed.id,
    );
    expect((await openPage(signed.token, navigation)).body).toContain(
      `>Firmado el ${formatLongDate(signedAt, 'es')}</time>`,
    );
  });

  it('refuses a switch posted from another site, and ignores a language it does not know', async () => {
    const { id, token } = await sendContract(t, owner);
    expect((await switchLanguage(token, 'language=es', 'https://evil.example')).statusCode).toBe(
      403,
    );
    expect((await switchLanguage(token, 'language=fr')).statusCode).toBe(303);
    expect(await eventsOf(t, id, 'language_changed')).toEqual([]);
  });
});
