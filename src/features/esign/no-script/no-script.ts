import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import { ESIGN_CONSENT_FULL, ESIGN_CONSENT_SUMMARY } from '../../../domain/esign-consent.js';
import type { EsignAnswer } from '../../../domain/esign.schemas.js';
import { formatUsd } from '../../../domain/money.js';
import { formatPhone } from '../../../domain/template-engine/formatters.js';

/** Our own template only; `<%= %>` escapes every value, the contract's HTML included (srcdoc). */
const eta = new Eta({
  views: path.dirname(fileURLToPath(import.meta.url)),
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

const INVALID_LINK = {
  title: 'Invalid or Expired Link',
  message: 'This signature link is no longer valid. Please contact the sender for a new link.',
};

/**
 * The signing page's copy for a browser without JavaScript (issue 20): the banner, the whole
 * contract in its sandboxed, no-network frame, and the consent text, with word that signing
 * needs JavaScript. Inside <noscript>, so a browser running the app never shows or loads it.
 * `answer` is null for a link that leads nowhere.
 */
export function renderNoScriptSigningPage(answer: EsignAnswer | null, token: string): string {
  return eta.render('./no-script.html.eta', viewOf(answer, token));
}

function viewOf(answer: EsignAnswer | null, token: string) {
  if (!answer) return { kind: 'notice', ...INVALID_LINK };
  const company = answer.company_name ?? 'Your contractor';
  switch (answer.status) {
    case 'expired':
      return { kind: 'notice', ...INVALID_LINK };
    case 'declined':
      return {
        kind: 'notice',
        title: 'Contract Declined',
        message: `You declined this contract. ${answer.company_name ?? 'The sender'} has been notified.`,
      };
    case 'voided':
      return {
        kind: 'notice',
        title: 'Contract Withdrawn',
        message: `This contract was withdrawn by ${answer.company_name ?? 'the sender'}.${
          answer.closed_reason ? ` Reason: ${answer.closed_reason}` : ''
        }`,
      };
    default:
      return {
        kind: answer.status === 'sent' ? 'signable' : 'signed',
        id: answer.id,
        company,
        clientName: answer.client_name,
        total: answer.total_price_cents === null ? null : formatUsd(answer.total_price_cents),
        phone: answer.company_phone ? formatPhone(answer.company_phone) : null,
        phoneDial: answer.company_phone?.replace(/[^\d+]/g, '') ?? '',
        email: answer.company_email,
        documentHtml: answer.template_html,
        pdfUrl: answer.executed_pdf ? `/api/esign/${encodeURIComponent(token)}/executed.pdf` : null,
        consentSummary: ESIGN_CONSENT_SUMMARY,
        consentFull: ESIGN_CONSENT_FULL,
      };
  }
}
