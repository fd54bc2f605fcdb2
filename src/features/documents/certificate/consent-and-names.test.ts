import { describe, expect, it } from 'vitest';
import { noticeSha256 } from '../../consent-record/notice-hash.js';
import {
  consentNotice,
  ESIGN_CONSENT_VERSION,
  type ConsentFacts,
} from '../../../domain/esign-consent/notice.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { certificateInput } from '../../../test/certificate-fixture.js';
import { consentAppendixSection } from '../../consent-record/consent-appendix-html.js';
import type { ConsentNoticeRecord } from '../../consent-record/consent-notice-record.js';
import { renderCertificateHtml } from './index.js';

/**
 * What the signature certificate says of the client's consent and name (issue 32): the notice's
 * version, language and hash, the notice itself on an appendix page, and the name the client
 * typed beside the contractor's entry.
 */

const FACTS: ConsentFacts = {
  companyName: 'Acme <Builders>',
  companyPhone: '(555) 010-2030',
  companyEmail: 'office@acme.example',
  paperCopyFeeCents: 500,
};

function shown(language: Language): ConsentNoticeRecord & { kind: 'shown' } {
  const notice = consentNotice(ESIGN_CONSENT_VERSION, language, FACTS);
  return { kind: 'shown', notice, sha256: noticeSha256(notice) };
}

/** The page's words as a reader sees them: tags dropped, entities decoded, spaces made one. */
function readable(html: string): string {
  return html
    .replace(/<wbr>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** A certificate whose client typed `typed` and consented to `notice`. */
function certificate(options: {
  language?: Language;
  typed?: string;
  entered?: string | null;
  notice?: ConsentNoticeRecord;
}) {
  const base = certificateInput({ language: options.language ?? 'en' });
  const record = options.notice ?? shown(options.language ?? 'en');
  return renderCertificateHtml({
    ...base,
    consentNotices: [{ record, acceptedBy: [] }],
    signers: base.signers.map((signer) =>
      signer.role === 'client'
        ? {
            ...signer,
            name: options.typed ?? 'Jane Doe',
            enteredName: options.entered === undefined ? 'Jane Doe' : options.entered,
            consent: ESIGN_CONSENT_VERSION,
            consentLanguage: record.kind === 'shown' ? record.notice.language : 'en',
            consentSha256: record.kind === 'shown' ? record.sha256 : null,
          }
        : signer,
    ),
  });
}

describe("the client's name on the signature certificate", () => {
  it('prints the typed name and the contractor’s entry when they differ', async () => {
    const html = await certificate({ typed: 'Jane Q. Doe-Smith', entered: 'Jane Doe' });
    expect(html).toContain('<tr><th>Name typed by the signer</th><td>Jane Q. Doe-Smith</td></tr>');
    expect(html).toContain('<tr><th>Name entered by the contractor</th><td>Jane Doe</td></tr>');
    const spanish = await certificate({ language: 'es', typed: 'Ana López', entered: 'Ana Lopez' });
    expect(spanish).toContain('<tr><th>Nombre escrito por el firmante</th><td>Ana López</td></tr>');
    expect(spanish).toContain(
      '<tr><th>Nombre ingresado por el contratista</th><td>Ana Lopez</td></tr>',
    );
  });

  it('prints one name when the client kept the contractor’s entry', async () => {
    const html = await certificate({ typed: 'Jane Doe', entered: 'Jane Doe' });
    expect(html).not.toContain('Name typed by the signer');
    expect(html).not.toContain('Name entered by the contractor');
    expect(html.match(/<tr><th>Name<\/th><td>Jane Doe<\/td><\/tr>/g)).toHaveLength(1);
  });
});

describe('the consent on the signature certificate', () => {
  it("prints the notice's version, language and SHA-256, and points to the appendix", async () => {
    const record = shown('es');
    const html = await certificate({ notice: record });
    expect(html).toContain(
      `Consent to electronic records and signatures: given (notice in Spanish, version ${ESIGN_CONSENT_VERSION})`,
    );
    expect(html).toContain(
      `SHA-256 of the notice text the client was shown: <code>${record.sha256}</code>`,
    );
    expect(html).toContain('The full notice is in the appendix.');
  });

  it('carries the whole notice, in the language it was shown, on a page after the certificate', async () => {
    const record = shown('es');
    const html = await certificate({ notice: record });
    const appendix = html.slice(html.indexOf('<section class="appendix">'));
    expect(html.indexOf('<section class="appendix">')).toBeGreaterThan(
      html.indexOf('Integrity and verification'),
    );
    const text = readable(appendix);
    expect(text).toContain('Appendix: the consent notice the client accepted');
    expect(text).toContain(
      `in Spanish, before ticking its checkbox (version ${ESIGN_CONSENT_VERSION})`,
    );
    expect(text).toContain(record.sha256);
    expect(appendix).toContain('<div class="notice" lang="es">');
    for (const part of [
      record.notice.title,
      ...record.notice.sections.flatMap((section) => [section.heading, section.text]),
      record.notice.checkbox,
    ]) {
      expect(text).toContain(part.replace(/\s+/g, ' '));
    }
    // The company's name is the record's, escaped like every value.
    expect(appendix).toContain('Acme &lt;Builders&gt;');
    expect(appendix).not.toContain('<Builders>');
  });

  it('says so, and prints no text, when the notice cannot be reproduced', async () => {
    const html = await certificate({
      notice: {
        kind: 'mismatch',
        version: ESIGN_CONSENT_VERSION,
        language: 'en',
        recordedSha256: 'c'.repeat(64),
        rebuiltSha256: 'd'.repeat(64),
      },
    });
    const text = readable(html.slice(html.indexOf('<section class="appendix">')));
    expect(text).toContain(
      `The text of this notice (version ${ESIGN_CONSENT_VERSION}, in English) cannot be shown`,
    );
    expect(text).toContain(`SHA-256 recorded when the client signed: ${'c'.repeat(64)}`);
    expect(text).not.toContain('Withdrawing your consent');
    expect(html).not.toContain('The full notice is in the appendix.');
  });

  it("prints an older consent's text as that version's, and says when none was recorded", async () => {
    const older = consentNotice('2026-11-21', 'en', {
      companyName: null,
      companyPhone: null,
      companyEmail: null,
      paperCopyFeeCents: null,
    });
    const html = await certificate({ notice: { kind: 'older', notice: older } });
    const text = readable(html);
    expect(text).toContain(
      "recorded before the notice's text and fingerprint were kept with each signature. The text below is version 2026-11-21 in English",
    );
    expect(text).toContain(older.sections[0]?.text ?? 'missing');

    const none = readable(await certificate({ notice: { kind: 'not_recorded' } }));
    expect(none).toContain(
      'The text of the notice the client accepted was not recorded for this contract.',
    );
  });
});

describe('the consent notice in the HTML copy', () => {
  it('carries the same notice after the audit trail, with its own styles', () => {
    const record = shown('en');
    const details = JSON.stringify({
      disclosure_version: ESIGN_CONSENT_VERSION,
      disclosure_language: 'en',
      disclosure_sha256: record.sha256,
      disclosure_facts: {
        company_name: FACTS.companyName,
        company_phone: FACTS.companyPhone,
        company_email: FACTS.companyEmail,
        paper_copy_fee_cents: FACTS.paperCopyFeeCents,
      },
    });
    const section = consentAppendixSection(
      [
        { type: 'viewed', details: null },
        { type: 'consented', details },
      ],
      'es',
    );
    expect(section).toMatch(/^<section style="page-break-before:always/);
    const text = readable(section);
    expect(text).toContain('Anexo: el aviso de consentimiento que aceptó el cliente');
    expect(text).toContain('en inglés, antes de que marcara la casilla');
    for (const part of record.notice.sections) expect(text).toContain(part.text);
    expect(section).not.toContain('<Builders>');
    expect(readable(consentAppendixSection([], 'en'))).toContain(
      'The text of the notice the client accepted was not recorded for this contract.',
    );
  });
});
