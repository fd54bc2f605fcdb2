import { describeEvent, parseEventDetails } from '../../domain/contract-event-lines.js';
import { formatUtcDateTime } from '../../domain/dates.js';
import { escapeHtml } from '../../domain/template-engine/index.js';

export interface AuditEvent {
  type: string;
  at: string;
  actor: string | null;
  ip: string | null;
  user_agent: string | null;
  details?: string | null;
}

/** The contract's event trail as an HTML section for the signed copy. */
export function auditTrailSection(
  events: readonly AuditEvent[],
  documentSha256: string | null,
): string {
  const rows = events
    .map(
      (event) =>
        `<tr><td>${escapeHtml(formatUtcDateTime(event.at))}</td><td>${escapeHtml(describeEvent({ ...event, details: parseEventDetails(event.details) }, 'record'))}</td>` +
        `<td>${escapeHtml(event.actor ?? 'TradeSign')}</td><td>${escapeHtml(event.ip ?? '')}</td>` +
        `<td>${escapeHtml(event.user_agent ?? '')}</td></tr>`,
    )
    .join('');
  return (
    '<section style="page-break-before:always;margin:32px auto;max-width:800px;font:13px/1.4 system-ui,sans-serif">' +
    '<h2 style="font-size:18px">Signature audit trail</h2>' +
    (documentSha256
      ? `<p>SHA-256 of the contract shown to the client: <code style="word-break:break-all">${escapeHtml(documentSha256)}</code></p>`
      : '') +
    '<table style="width:100%;border-collapse:collapse" border="1" cellpadding="4">' +
    '<thead><tr><th>Time (UTC)</th><th>Event</th><th>By</th><th>IP address</th><th>Device</th></tr></thead>' +
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
