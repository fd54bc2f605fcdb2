import { messagesFor } from '../../domain/i18n/catalogue.js';
import type { Language } from '../../domain/i18n/languages.js';
import type { ConsentNoticeRecord } from './consent-notice-record.js';

/**
 * The appendix page after the certificate, already in words: the ESIGN notice the client
 * accepted, in the language it was shown, under headings in the certificate's language. Shared by
 * the sealed PDF (appendix.html.eta) and the HTML copy sent when no PDF can be made
 * (consent-appendix-html.ts), so both say the same.
 */
export interface AppendixView {
  heading: string;
  /** What the reader is looking at: shown, older record, not reproducible, or not recorded. */
  intro: string;
  /** The recorded fingerprint, when there is one. */
  fingerprint: { label: string; sha256: string } | null;
  /** The notice itself; null when it cannot be printed. */
  notice: {
    lang: Language;
    title: string;
    sections: { heading: string; text: string }[];
    checkboxLabel: string;
    checkbox: string;
  } | null;
}

export function appendixView(
  record: ConsentNoticeRecord,
  language: Language,
  /** Who accepted it, when several clients signed (issue 37): the heading names them. */
  acceptedBy: readonly string[] = [],
): AppendixView {
  const words = messagesFor(language).certificate;
  const { appendix } = words;
  const heading = acceptedBy.length > 0 ? appendix.headingFor(acceptedBy) : appendix.heading;
  const named = (noticeLanguage: Language) => words.languageNames[noticeLanguage];
  switch (record.kind) {
    case 'shown':
    case 'older': {
      const { notice } = record;
      return {
        heading,
        intro:
          record.kind === 'shown'
            ? appendix.shown(named(notice.language), notice.version)
            : appendix.olderRecord(named(notice.language), notice.version),
        fingerprint:
          record.kind === 'shown' ? { label: appendix.fingerprint, sha256: record.sha256 } : null,
        notice: {
          lang: notice.language,
          title: notice.title,
          sections: notice.sections,
          checkboxLabel: appendix.checkbox,
          checkbox: notice.checkbox,
        },
      };
    }
    case 'mismatch':
      return {
        heading,
        intro: appendix.mismatch(named(record.language), record.version),
        fingerprint: { label: appendix.recordedFingerprint, sha256: record.recordedSha256 },
        notice: null,
      };
    case 'not_recorded':
      return {
        heading,
        intro: appendix.notRecorded,
        fingerprint: null,
        notice: null,
      };
  }
}
