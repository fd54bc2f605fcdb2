import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.js';
import { consentEventDetails, factsFromConsentDetails } from './consent-record.js';
import {
  consentNotice,
  ESIGN_CONSENT_VERSION,
  ESIGN_CONSENT_VERSIONS,
  isKnownConsentVersion,
  noticeText,
  type ConsentFacts,
  type ConsentNotice,
} from './notice.js';

/** The server's hash (src/features/esign/notice-hash.ts): the domain imports nothing above it. */
const noticeSha256 = (notice: ConsentNotice) =>
  createHash('sha256').update(noticeText(notice), 'utf8').digest('hex');

const SAMPLE: ConsentFacts = {
  companyName: 'Acme Roofing LLC',
  companyPhone: '(555) 010-2000',
  companyEmail: 'office@acme.example',
  paperCopyFeeCents: 250,
};
const NOTHING_GIVEN: ConsentFacts = {
  companyName: null,
  companyPhone: null,
  companyEmail: '  ',
  paperCopyFeeCents: null,
};

/**
 * Each version's words, pinned: a change of even one character in either language fails here.
 * Changing the words means a new version (src/domain/esign-consent/notice.ts), never a new hash
 * for an old one: signatures record the version and the hash of the text they agreed to.
 */
const PINNED: Record<string, Record<string, string>> = {
  '2026-11-21': {
    en: '4ef2ea657f13edb98cf330a737704378dbe30dd1fe186d6985379b8601453e2a',
    es: '4000ab6be26d2f9251d39f574ee86814c9a95c53efc3d1950e7dd5e40e95df05',
  },
  '2026-11-29': {
    en: '6c1c5d791e522fc9a0c0203615051463ef2de055a1128d48163f308676faeced',
    es: '9bd78b08367c92975efa6b179be312c6715d602f18f65b9e656673fe979bbf8f',
  },
};

describe('the ESIGN consent notice', () => {
  it('knows every pinned version, and only those', () => {
    expect([...ESIGN_CONSENT_VERSIONS].sort()).toEqual(Object.keys(PINNED).sort());
    expect(isKnownConsentVersion(ESIGN_CONSENT_VERSION)).toBe(true);
    expect(isKnownConsentVersion('2026-11-21')).toBe(true);
    expect(isKnownConsentVersion('2099-01-01')).toBe(false);
    expect(() => consentNotice('2099-01-01', 'en', SAMPLE)).toThrow(/Unknown/);
  });

  it.each(ESIGN_CONSENT_VERSIONS.flatMap((v) => LANGUAGES.map((l) => [v, l] as const)))(
    'keeps version %s in %s word for word (its SHA-256 is pinned)',
    (version, language) => {
      const notice = consentNotice(version, language, SAMPLE);
      expect({ version, language, sha256: noticeSha256(notice) }).toEqual({
        version,
        language,
        sha256: PINNED[version]?.[language],
      });
    },
  );

  it.each(ESIGN_CONSENT_VERSIONS)('has as many sections in every language (%s)', (version) => {
    const counts = LANGUAGES.map(
      (language) => consentNotice(version, language, SAMPLE).sections.length,
    );
    expect(new Set(counts).size).toBe(1);
  });

  it('hashes the canonical text: title, "heading\\ntext" sections, checkbox, blank lines between', () => {
    const notice = consentNotice(ESIGN_CONSENT_VERSION, 'en', SAMPLE);
    const text = noticeText(notice);
    expect(text.startsWith(`${notice.title}\n\n${notice.sections[0]?.heading}\n`)).toBe(true);
    expect(text.endsWith(`\n\n${notice.checkbox}`)).toBe(true);
    expect(noticeSha256(notice)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the current notice (issue 32, item 1)', () => {
  const en = noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'en', SAMPLE));
  const es = noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'es', SAMPLE));

  it('prints the paper-copy fee as money, or says there is none', () => {
    expect(en).toContain('Acme Roofing LLC charges a fee of $2.50 for each paper copy.');
    expect(es).toContain('Acme Roofing LLC cobra un cargo de $2.50 por cada copia en papel.');
    for (const fee of [null, 0]) {
      const facts = { ...SAMPLE, paperCopyFeeCents: fee };
      expect(noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'en', facts))).toContain(
        'Acme Roofing LLC does not charge a fee for a paper copy.',
      );
      expect(noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'es', facts))).toContain(
        'Acme Roofing LLC no cobra ningún cargo por las copias en papel.',
      );
    }
  });

  it('says how to withdraw, at no fee, what follows, and that earlier records stay valid', () => {
    expect(en).toContain(
      'by contacting Acme Roofing LLC (phone: (555) 010-2000; email: office@acme.example)',
    );
    expect(en).toContain('There is no fee for withdrawing your consent.');
    expect(en).toContain('will give you any later records about this contract on paper');
    expect(en).toContain('does not change the validity or legal effect of records');
    expect(es).toContain(
      'comunicándose con Acme Roofing LLC (teléfono: (555) 010-2000; correo electrónico: ' +
        'office@acme.example)',
    );
    expect(es).toContain('Retirar su consentimiento no tiene ningún costo.');
  });

  it('names the records it covers, the contact channel, and the PDF requirement', () => {
    expect(en).toContain(
      'this contract; your signed copy of it; notices about this contract; change orders to ' +
        'this contract; and receipts for payments under this contract',
    );
    expect(en).toContain('(email: office@acme.example; phone: (555) 010-2000)');
    expect(en).toContain('will tell you the new requirements first, and you may then withdraw');
    expect(en).toMatch(
      /I have read this notice and I can open PDF files\. I agree to use electronic records and signatures\.$/,
    );
    expect(es).toMatch(
      /He leído este aviso y puedo abrir archivos PDF\. Acepto recibir documentos y firmar electrónicamente\.$/,
    );
  });

  it('prints ten US digits as a phone number, and anything else as typed', () => {
    const printed = (companyPhone: string) =>
      noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'en', { ...SAMPLE, companyPhone }));
    expect(printed('5550102000')).toContain('(phone: (555) 010-2000;');
    expect(printed('+1 555.010.2000')).toContain('(phone: (555) 010-2000;');
    expect(printed('ext. 12')).toContain('(phone: ext. 12;');
  });

  it('says "aviso" in Spanish, never "divulgación"', () => {
    expect(es.toLowerCase()).not.toContain('divulgaci');
    expect(es).toContain('aviso');
  });

  it('says "not given" for a missing phone or email, and names the contractor without a name', () => {
    const bare = noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'en', NOTHING_GIVEN));
    expect(bare).toContain(
      'by contacting the contractor named on this contract (phone: not given; email: not given)',
    );
    expect(bare).toContain('The contractor named on this contract does not charge a fee');
    const sinDatos = noticeText(consentNotice(ESIGN_CONSENT_VERSION, 'es', NOTHING_GIVEN));
    expect(sinDatos).toContain('(teléfono: no indicado; correo electrónico: no indicado)');
    // "a" + "el" contracts to "al" in Spanish: "pídale al contratista", never "a el".
    expect(sinDatos).toContain('pídale al contratista que figura en este contrato un contrato');
    expect(sinDatos).toContain('infórmeselo al contratista que figura en este contrato');
    expect(sinDatos).not.toMatch(/\ba el\b/);
  });
});

describe('the consent record', () => {
  it('rebuilds the notice shown, to the same hash, from the event details', () => {
    const shown = consentNotice(ESIGN_CONSENT_VERSION, 'es', SAMPLE);
    const details = consentEventDetails(shown, SAMPLE, noticeSha256(shown));
    const stored = JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
    const facts = factsFromConsentDetails(stored);
    expect(facts).toEqual(SAMPLE);
    const rebuilt = consentNotice(details.disclosure_version, 'es', facts ?? SAMPLE);
    expect(noticeSha256(rebuilt)).toBe(details.disclosure_sha256);
  });

  it('has no facts for an event from before they were recorded', () => {
    expect(factsFromConsentDetails({ disclosure_version: '2026-11-21' })).toBeNull();
  });
});
