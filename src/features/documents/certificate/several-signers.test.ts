import { describe, expect, it } from 'vitest';
import { consentEventDetails } from '../../../domain/esign-consent/consent-record.js';
import {
  consentNotice,
  ESIGN_CONSENT_VERSION,
  type ConsentFacts,
} from '../../../domain/esign-consent/notice.js';
import type { Language } from '../../../domain/i18n/languages.js';
import { certificateInput, CHROME_UA, PNG } from '../../../test/certificate-fixture.js';
import { consentAppendixSection } from '../../consent-record/consent-appendix-html.js';
import { consentNoticeGroups } from '../../consent-record/consent-notice-groups.js';
import { noticeSha256 } from '../../consent-record/notice-hash.js';
import { renderCertificateHtml } from './index.js';
import type { CertificateEvent, CertificateSigner } from './types.js';

/**
 * The signature certificate of a contract two homeowners signed (issue 37): each client with
 * their own name, address, device, consent and first opening, and each distinct notice once.
 */

const FACTS: ConsentFacts = {
  companyName: 'Acme Builders',
  companyPhone: '(555) 010-2030',
  companyEmail: 'office@acme.example',
  paperCopyFeeCents: null,
};
const JANE = { id: 1, position: 1, name: 'Jane Doe', email: 'jane@example.com' };
const IVAN = { id: 2, position: 2, name: 'Ivan Doe', email: 'ivan@example.com' };

function consented(signer: typeof JANE, language: Language): CertificateEvent {
  const notice = consentNotice(ESIGN_CONSENT_VERSION, language, FACTS);
  const details = consentEventDetails(notice, FACTS, noticeSha256(notice));
  return {
    type: 'consented',
    at: '2026-11-21T15:00:00.000Z',
    actor: 'client',
    ip: null,
    user_agent: null,
    details: JSON.stringify({ ...details, signer }),
  };
}

const readable = (html: string) =>
  html
    .replace(/<wbr>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

function client(signer: typeof JANE, overrides: Partial<CertificateSigner>): CertificateSigner {
  return {
    role: 'client',
    name: signer.name,
    enteredName: signer.name,
    email: signer.email,
    signedAt: '2026-11-21T15:04:05.000Z',
    ip: '203.0.113.7',
    userAgent: CHROME_UA,
    timeZone: 'America/Chicago',
    consent: ESIGN_CONSENT_VERSION,
    consentLanguage: 'en',
    signaturePng: PNG,
    openedAt: '2026-11-21T14:00:00.000Z',
    ...overrides,
  };
}

async function certificate(events: CertificateEvent[]) {
  const base = certificateInput();
  return readable(
    await renderCertificateHtml({
      ...base,
      signers: [
        ...base.signers.filter((signer) => signer.role === 'contractor'),
        client(JANE, {}),
        client(IVAN, {
          name: 'Ivan A. Doe',
          ip: '198.51.100.23',
          userAgent: 'HomeownerTablet/2',
          timeZone: 'America/Denver',
          consentLanguage: 'es',
          openedAt: null,
        }),
      ],
      events: [...base.events, ...events],
      consentNotices: consentNoticeGroups(events, [JANE, { ...IVAN, name: 'Ivan A. Doe' }]),
    }),
  );
}

describe('the certificate of a contract two clients signed', () => {
  it('lists each client with their own name, address, device, time zone, consent and opening', async () => {
    const text = await certificate([consented(JANE, 'en'), consented(IVAN, 'es')]);
    const first = text.slice(text.indexOf('Client 1 of 2'), text.indexOf('Client 2 of 2'));
    const second = text.slice(text.indexOf('Client 2 of 2'), text.indexOf('Event timeline'));
    expect(first).toContain('jane@example.com');
    expect(first).toContain('203.0.113.7');
    expect(first).toContain('America/Chicago');
    expect(first).toContain('First opened (UTC) November 21, 2026 at 2:00 PM UTC');
    expect(first).toContain('(notice in English, version');
    expect(second).toContain('Name typed by the signer Ivan A. Doe');
    expect(second).toContain('Name entered by the contractor Ivan Doe');
    expect(second).toContain('198.51.100.23');
    expect(second).toContain('HomeownerTablet/2');
    expect(second).toContain('America/Denver');
    expect(second).toContain('First opened (UTC) not recorded');
    expect(second).toContain('(notice in Spanish, version');
    // Both among the parties.
    const parties = text.slice(text.indexOf('Parties'), text.indexOf('Signatures'));
    expect(parties).toContain('Jane Doe');
    expect(parties).toContain('Ivan A. Doe');
  });

  it('prints each distinct notice once, saying who accepted it', async () => {
    const two = await certificate([consented(JANE, 'en'), consented(IVAN, 'es')]);
    expect(two).toContain('Appendix: the consent notice Jane Doe accepted');
    expect(two).toContain('Appendix: the consent notice Ivan A. Doe accepted');
    const same = await certificate([consented(JANE, 'en'), consented(IVAN, 'en')]);
    expect(same.match(/Appendix: the consent notice/g)).toHaveLength(1);
    expect(same).toContain('Appendix: the consent notice Jane Doe and Ivan A. Doe accepted');
  });

  it('names the signer of each of their lines in the timeline', async () => {
    const text = await certificate([consented(JANE, 'en'), consented(IVAN, 'es')]);
    expect(text).toContain('Client (Ivan Doe) agreed to sign electronically');
    expect(text).toContain('Client (Jane Doe) agreed to sign electronically');
  });
});

describe("the clients' notices", () => {
  it('group by the text shown, and a consent naming nobody is the first signer’s', () => {
    const older = {
      type: 'consented',
      details: JSON.stringify({ disclosure_version: '2026-11-21', disclosure_language: 'en' }),
    };
    const groups = consentNoticeGroups([older, consented(IVAN, 'es')], [JANE, IVAN]);
    expect(groups.map((group) => [group.record.kind, group.acceptedBy])).toEqual([
      ['older', ['Jane Doe']],
      ['shown', ['Ivan Doe']],
    ]);
    // A signer with no consent on record says so, rather than borrowing another's.
    expect(
      consentNoticeGroups([consented(IVAN, 'es')], [JANE, IVAN]).map((group) => group.record.kind),
    ).toEqual(['not_recorded', 'shown']);
  });

  it('print in the HTML copy the same way, in the contract’s language', () => {
    const html = consentAppendixSection([consented(JANE, 'es'), consented(IVAN, 'es')], 'es', [
      JANE,
      IVAN,
    ]);
    expect(html.match(/page-break-before:always/g)).toHaveLength(1);
    expect(readable(html)).toContain(
      'Anexo: el aviso de consentimiento que aceptaron Jane Doe e Ivan Doe',
    );
  });
});
