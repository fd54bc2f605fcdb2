import { sharedConsentNotice } from '../../../domain/esign-consent/notice-cache.js';
import type { ConsentFacts, ConsentNotice } from '../../../domain/esign-consent/notice.js';
import type { EsignView } from '../../../domain/esign.schemas.js';
import type { Language } from '../../../domain/i18n/languages.js';

/**
 * The ESIGN notice the page shows, built from the same answer whose `consent_sha256` the island
 * sends back when the client signs: the contract's company details and its owner's paper-copy
 * fee, read when the page was rendered.
 */
export function pageNotice(view: EsignView, language: Language): ConsentNotice {
  const facts: ConsentFacts = {
    companyName: view.company_name,
    companyPhone: view.company_phone,
    companyEmail: view.company_email,
    paperCopyFeeCents: view.paper_copy_fee_cents,
  };
  return sharedConsentNotice(view.consent_version, language, facts);
}

/** The unsigned contract as a PDF, to keep before signing (GET /api/esign/:token/pdf). */
export function unsignedPdfUrl(token: string): string {
  return `/api/esign/${encodeURIComponent(token)}/pdf`;
}

/** A run of a notice's text: plain, or the contractor's phone or email, which the page links. */
export interface NoticePart {
  text: string;
  href: string | null;
}

const CONTACT = /\(\d{3}\) \d{3}-\d{4}|[^\s@()]+@[^\s@()]+\.[^\s@().,;:]+/g;

/**
 * A section's text cut into runs, so the page can link the contractor's phone (`tel:`, kept on one
 * line) and email (`mailto:`): the notice tells the homeowner to contact them to withdraw consent
 * or ask for paper. The words are unchanged: joined again they are the text that was hashed.
 */
export function noticeParts(text: string): NoticePart[] {
  const parts: NoticePart[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTACT)) {
    const at = match.index;
    if (at > last) parts.push({ text: text.slice(last, at), href: null });
    const found = match[0];
    const href = found.includes('@') ? `mailto:${found}` : `tel:+1${found.replace(/\D/g, '')}`;
    parts.push({ text: found, href });
    last = at + found.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), href: null });
  return parts;
}
