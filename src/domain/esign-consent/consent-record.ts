import type { ConsentFacts, ConsentNotice } from './notice.js';

/**
 * The `consented` event's details (issue 32): which notice, in which language, with which facts
 * and which hash. Rebuilding `consentNotice(version, language, factsFromConsentDetails(...))`
 * gives the notice shown, and its SHA-256 is `disclosure_sha256`. Events written before the
 * hash have only the version and the language.
 */
export interface ConsentEventDetails {
  disclosure_version: string;
  disclosure_language: string;
  disclosure_sha256: string;
  disclosure_facts: {
    company_name: string | null;
    company_phone: string | null;
    company_email: string | null;
    paper_copy_fee_cents: number | null;
  };
}

export function consentEventDetails(
  notice: ConsentNotice,
  facts: ConsentFacts,
  sha256: string,
): ConsentEventDetails {
  return {
    disclosure_version: notice.version,
    disclosure_language: notice.language,
    disclosure_sha256: sha256,
    disclosure_facts: {
      company_name: facts.companyName,
      company_phone: facts.companyPhone,
      company_email: facts.companyEmail,
      paper_copy_fee_cents: facts.paperCopyFeeCents,
    },
  };
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The facts a `consented` event recorded; null for an event from before they were recorded. */
export function factsFromConsentDetails(details: Record<string, unknown>): ConsentFacts | null {
  const facts = details.disclosure_facts;
  if (!facts || typeof facts !== 'object') return null;
  const recorded = facts as Record<string, unknown>;
  const fee = recorded.paper_copy_fee_cents;
  return {
    companyName: textOrNull(recorded.company_name),
    companyPhone: textOrNull(recorded.company_phone),
    companyEmail: textOrNull(recorded.company_email),
    paperCopyFeeCents: typeof fee === 'number' ? fee : null,
  };
}
