import { parseEventDetails } from '../../domain/contract-event-lines.js';
import { languageOr } from '../../domain/i18n/languages.js';
import { isSignersEvent } from '../../domain/signer-events.js';
import type { SignerRow } from '../signers/signers.repo.js';
import type { CertificateSigner } from './certificate/index.js';

interface EventRow {
  type: string;
  at: string;
  ip: string | null;
  user_agent: string | null;
  details: string | null;
}

function detail(event: EventRow | undefined, key: string): string | null {
  const value = parseEventDetails(event?.details)?.[key];
  return typeof value === 'string' ? value : null;
}

/**
 * Each client who signed, as the signature certificate prints them (issue 37): the name they
 * typed beside the contractor's entry, and the address, device, time zone and consent of their
 * own signature, each read from their own events (docs/decisions/048; an event that names no
 * signer is the first signer's).
 */
export function clientCertificateSigners(
  rows: readonly SignerRow[],
  events: readonly EventRow[],
  contractSignedAt: string,
): CertificateSigner[] {
  return rows.map((row) => {
    const theirs = events.filter((event) => isSignersEvent(parseEventDetails(event.details), row));
    const last = (type: string) => theirs.filter((event) => event.type === type).at(-1);
    const signed = last('signed_by_client');
    const consented = last('consented');
    const disclosureLanguage = detail(consented, 'disclosure_language');
    const firstViewed = theirs.find((event) => event.type === 'viewed');
    return {
      role: 'client',
      // The name they typed when signing (issue 32); signatures given before have only the
      // contractor's entry.
      name: row.signed_name ?? row.name,
      enteredName: row.name,
      email: row.email,
      signedAt: row.signed_at ?? signed?.at ?? contractSignedAt,
      ip: signed?.ip ?? null,
      userAgent: signed?.user_agent ?? null,
      timeZone: detail(signed, 'time_zone'),
      consent: detail(consented, 'disclosure_version'),
      consentLanguage: disclosureLanguage === null ? null : languageOr(disclosureLanguage),
      consentSha256: detail(consented, 'disclosure_sha256'),
      signaturePng: row.signature_png,
      openedAt: row.first_viewed_at ?? firstViewed?.at ?? null,
    };
  });
}
