import { describe, expect, it } from 'vitest';
import { consentEventDetails } from '../../domain/esign-consent/consent-record.js';
import { noticeSha256 } from './notice-hash.js';
import {
  consentNotice,
  ESIGN_CONSENT_VERSION,
  type ConsentFacts,
} from '../../domain/esign-consent/notice.js';
import { consentNoticeRecord } from './consent-notice-record.js';

const FACTS: ConsentFacts = {
  companyName: 'Acme Builders',
  companyPhone: '(555) 010-2030',
  companyEmail: 'office@acme.example',
  paperCopyFeeCents: 500,
};

/** The `consented` event's details as a signature records them today. */
function recordedToday(language: 'en' | 'es', facts = FACTS) {
  const notice = consentNotice(ESIGN_CONSENT_VERSION, language, facts);
  return { ...consentEventDetails(notice, facts, noticeSha256(notice)) } as Record<string, unknown>;
}

describe('the consent notice behind a signature', () => {
  it('is rebuilt word for word from the recorded version, language and facts', () => {
    const record = consentNoticeRecord(recordedToday('es'));
    expect(record.kind).toBe('shown');
    if (record.kind !== 'shown') return;
    expect(record.notice).toEqual(consentNotice(ESIGN_CONSENT_VERSION, 'es', FACTS));
    expect(record.sha256).toBe(noticeSha256(record.notice));
  });

  it('is not printed when the rebuilt text does not match the recorded hash', () => {
    const details = { ...recordedToday('en'), disclosure_sha256: 'f'.repeat(64) };
    expect(consentNoticeRecord(details)).toMatchObject({
      kind: 'mismatch',
      version: ESIGN_CONSENT_VERSION,
      language: 'en',
      recordedSha256: 'f'.repeat(64),
    });
    // Facts that differ from those shown (a changed fee) give another text, so another hash.
    const shownWithoutFee = recordedToday('en', { ...FACTS, paperCopyFeeCents: null });
    const details2 = {
      ...shownWithoutFee,
      disclosure_facts: {
        ...(shownWithoutFee.disclosure_facts as object),
        paper_copy_fee_cents: 900,
      },
    };
    expect(consentNoticeRecord(details2).kind).toBe('mismatch');
  });

  it("gives an older record its version's text, and says nothing it does not know", () => {
    const older = consentNoticeRecord({
      disclosure_version: '2026-11-21',
      disclosure_language: 'es',
    });
    expect(older.kind).toBe('older');
    if (older.kind === 'older') expect(older.notice.language).toBe('es');
    expect(
      consentNoticeRecord({ disclosure_version: '2020-01-01', disclosure_language: 'en' }),
    ).toEqual({ kind: 'not_recorded' });
    expect(consentNoticeRecord(null)).toEqual({ kind: 'not_recorded' });
    expect(consentNoticeRecord({})).toEqual({ kind: 'not_recorded' });
  });

  it('reports an unknown version recorded with a hash as not reproducible', () => {
    const details = { ...recordedToday('en'), disclosure_version: '2099-01-01' };
    expect(consentNoticeRecord(details)).toMatchObject({ kind: 'mismatch', rebuiltSha256: null });
  });
});
