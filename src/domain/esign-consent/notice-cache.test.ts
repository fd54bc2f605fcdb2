import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.js';
import {
  consentNotice,
  ESIGN_CONSENT_VERSION,
  ESIGN_CONSENT_VERSIONS,
  noticeText,
  type ConsentFacts,
} from './notice.js';
import { sharedConsentNotice } from './notice-cache.js';

const FACTS: ConsentFacts = {
  companyName: 'Acme Roofing LLC',
  companyPhone: '(555) 010-2000',
  companyEmail: 'office@acme.example',
  paperCopyFeeCents: 250,
};

describe('the notice shown at every view, built once (issue 33)', () => {
  it.each(ESIGN_CONSENT_VERSIONS.flatMap((v) => LANGUAGES.map((l) => [v, l] as const)))(
    'is word for word the notice of version %s in %s',
    (version, language) => {
      const shared = sharedConsentNotice(version, language, FACTS);
      expect(shared).toEqual(consentNotice(version, language, FACTS));
      expect(noticeText(shared)).toBe(noticeText(consentNotice(version, language, FACTS)));
    },
  );

  it('is built once for the same facts, and anew when a fact changes', () => {
    const version = ESIGN_CONSENT_VERSION;
    const first = sharedConsentNotice(version, 'en', { ...FACTS });
    expect(sharedConsentNotice(version, 'en', { ...FACTS })).toBe(first);
    const dearer = sharedConsentNotice(version, 'en', { ...FACTS, paperCopyFeeCents: 900 });
    expect(dearer).not.toBe(first);
    expect(noticeText(dearer)).toBe(
      noticeText(consentNotice(version, 'en', { ...FACTS, paperCopyFeeCents: 900 })),
    );
    expect(noticeText(dearer)).not.toBe(noticeText(first));
  });

  it('cannot be changed by one caller under another', () => {
    const shared = sharedConsentNotice(ESIGN_CONSENT_VERSION, 'es', FACTS);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared.sections)).toBe(true);
    expect(shared.sections.every((section) => Object.isFrozen(section))).toBe(true);
  });
});
