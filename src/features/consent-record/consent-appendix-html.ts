import { DEFAULT_LANGUAGE, type Language } from '../../domain/i18n/languages.js';
import { escapeHtml } from '../../domain/template-engine/index.js';
import { appendixView, type AppendixView } from './appendix-view.js';
import { consentNoticeGroups } from './consent-notice-groups.js';

/**
 * The consent notice the client accepted, as a section of the self-contained HTML copy sent when
 * no PDF can be made (issue 32): the same words as the sealed PDF's appendix page, with inline
 * styles because that copy carries no stylesheet of ours. Put it after the audit trail. Several
 * clients who signed (issue 37): each distinct notice once, headed with who accepted it.
 */
export function consentAppendixSection(
  events: readonly { type: string; details?: string | null }[],
  language: Language = DEFAULT_LANGUAGE,
  signers: readonly { id: number; position: number; name: string }[] = [],
): string {
  const several = signers.length > 1;
  return consentNoticeGroups(events, signers)
    .map((group) =>
      appendixSectionHtml(appendixView(group.record, language, several ? group.acceptedBy : [])),
    )
    .join('');
}

function appendixSectionHtml(view: AppendixView): string {
  const paragraph = (text: string) => `<p style="margin:0 0 8px">${escapeHtml(text)}</p>`;
  const fingerprint = view.fingerprint
    ? `<p style="margin:0 0 8px">${escapeHtml(view.fingerprint.label)} <code style="word-break:break-all">${escapeHtml(view.fingerprint.sha256)}</code></p>`
    : '';
  const notice = view.notice
    ? `<div lang="${view.notice.lang}" style="border:1px solid #000;padding:8px 12px;margin-top:8px">` +
      `<h3 style="font-size:16px;margin:0 0 8px">${escapeHtml(view.notice.title)}</h3>` +
      view.notice.sections
        .map(
          ({ heading, text }) =>
            (heading
              ? `<h4 style="font-size:14px;margin:8px 0 2px">${escapeHtml(heading)}</h4>`
              : '') + paragraph(text),
        )
        .join('') +
      `<p style="margin:12px 0 0">${escapeHtml(view.notice.checkboxLabel)} <strong>☑ ${escapeHtml(view.notice.checkbox)}</strong></p>` +
      '</div>'
    : '';
  return (
    '<section style="page-break-before:always;margin:32px auto;max-width:800px;font:13px/1.4 system-ui,sans-serif">' +
    `<h2 style="font-size:18px">${escapeHtml(view.heading)}</h2>` +
    paragraph(view.intro) +
    fingerprint +
    notice +
    '</section>'
  );
}
