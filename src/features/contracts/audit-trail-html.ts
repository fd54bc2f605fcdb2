import {
  describeActor,
  describeEvent,
  namesSigners,
  parseEventDetails,
} from '../../domain/contract-event-lines.js';
import { formatUtcWithLocal } from '../../domain/dates.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/i18n/languages.js';
import { escapeHtml } from '../../domain/template-engine/index.js';

export interface AuditEvent {
  type: string;
  at: string;
  actor: string | null;
  ip: string | null;
  user_agent: string | null;
  details?: string | null;
}

/**
 * The contract's event trail as an HTML section for the signed copy, wholly in the contract's
 * language: its headings and every row (issue 31). Each time is UTC, with the company's clock
 * beside it once the company has a time zone, as on the certificate.
 */
export function auditTrailSection(
  events: readonly AuditEvent[],
  documentSha256: string | null,
  language: Language = DEFAULT_LANGUAGE,
  timeZone: string | null = null,
): string {
  const words = messagesFor(language).certificate;
  const column = words.timeline;
  const parsed = events.map((event) => ({ ...event, details: parseEventDetails(event.details) }));
  // Several clients sign: each line of theirs says who (issue 37).
  const nameSigner = namesSigners(parsed);
  const rows = parsed
    .map(
      (event) =>
        `<tr><td>${escapeHtml(formatUtcWithLocal(event.at, timeZone, language))}</td><td>${escapeHtml(describeEvent(event, messagesFor(language).events, { nameSigner }))}</td>` +
        `<td>${escapeHtml(describeActor(event.actor, words.parties.client))}</td><td>${escapeHtml(event.ip ?? '')}</td>` +
        `<td>${escapeHtml(event.user_agent ?? '')}</td></tr>`,
    )
    .join('');
  return (
    '<section style="page-break-before:always;margin:32px auto;max-width:800px;font:13px/1.4 system-ui,sans-serif">' +
    `<h2 style="font-size:18px">${escapeHtml(words.auditTrail)}</h2>` +
    (documentSha256
      ? `<p>${escapeHtml(words.integrity.snapshot)} <code style="word-break:break-all">${escapeHtml(documentSha256)}</code></p>`
      : '') +
    '<table style="width:100%;border-collapse:collapse" border="1" cellpadding="4">' +
    `<thead><tr>${[column.time, column.event, column.by, column.ip, column.device].map((name) => `<th>${escapeHtml(name)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows}</tbody></table></section>`
  );
}

/** Puts a section at the end of an HTML document's body. */
export function appendToBody(documentHtml: string, section: string): string {
  const closing = documentHtml.lastIndexOf('</body>');
  return closing === -1
    ? documentHtml + section
    : documentHtml.slice(0, closing) + section + documentHtml.slice(closing);
}
