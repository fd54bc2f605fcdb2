import { listContractEvents } from '../audit-trail/contract-events.repo.js';
import { inSealedRecord } from '../../domain/contract-lifecycle.js';
import { contractSender } from '../../db/contract-sender.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { documentTitle } from '../../domain/contract-document/index.js';
import { languageOr } from '../../domain/i18n/languages.js';

import type { CertificateInput, CertificateSigner, ChangedContract } from './certificate/index.js';
import { consentNoticeGroups } from '../consent-record/consent-notice-groups.js';
import { clientCertificateSigners } from './client-signers.js';
import { listSigners } from '../signers/signers.repo.js';
import { findSealedCopySha256 } from './documents.repo.js';

type EventRow = Awaited<ReturnType<typeof listContractEvents>>[number];

function lastEvent(events: EventRow[], type: string): EventRow | undefined {
  return events.filter((event) => event.type === type).at(-1);
}

function detail(event: EventRow | undefined, key: string): string | null {
  if (!event?.details) return null;
  const value = (JSON.parse(event.details) as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** A contract signed by both parties, as its executed copy needs it. */
export async function loadSignedContract(db: DbOrTrx, contractId: number) {
  const contract = await db
    .selectFrom('contracts')
    // The person who signed and sent it for the company (docs/decisions/045).
    .innerJoin('users', (join) => join.on(contractSender))
    .select([
      'contracts.id',
      'contracts.company_id',
      'users.id as contractor_user_id',
      'contracts.signed_html',
      'contracts.template_sha256',
      'contracts.template_html',
      'contracts.company_name',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.total_price_cents',
      'contracts.my_signature_png',
      'contracts.my_signed_at',
      'contracts.client_signed_at',
      'contracts.language',
      'contracts.document_language',
      // A change order names its contract and its place in that contract's line (issue 38).
      'contracts.change_order_of',
      'contracts.change_order_number',
      'users.email as contractor_email',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirstOrThrow();
  if (!contract.signed_html || !contract.client_signed_at || !contract.my_signed_at) {
    throw new Error(`Contract ${contractId} is not signed by both parties`);
  }
  return {
    ...contract,
    signed_html: contract.signed_html,
    client_signed_at: contract.client_signed_at,
    my_signed_at: contract.my_signed_at,
  };
}

/**
 * The contract a change order changes, with the fingerprint of that contract's sealed copy as it
 * stands when the change order is sealed: null when the contract's PDF was never made (its copy
 * failed and went out as HTML) or is not made yet. Null for a contract.
 */
export async function loadChangedContract(
  db: DbOrTrx,
  contract: { change_order_of: number | null; change_order_number: number | null },
): Promise<ChangedContract | null> {
  if (contract.change_order_of === null || contract.change_order_number === null) return null;
  return {
    number: contract.change_order_number,
    contractId: contract.change_order_of,
    contractSha256: await findSealedCopySha256(db, contract.change_order_of),
  };
}

/**
 * What the signature certificate says of a contract: the contractor and every client who signed,
 * with their signature images (a contract signed before the client's image was stored has none,
 * and says so), the name each client typed beside the contractor's entry, the consent notices
 * they accepted, the full trail and the fingerprints.
 */
export async function buildCertificateInput(
  db: DbOrTrx,
  contract: Awaited<ReturnType<typeof loadSignedContract>>,
  fingerprints: {
    contractPagesSha256: string;
    verifyUrl: string;
    /** The company's own seal certificate, when it seals the copy (issue 39). */
    sealedBy?: CertificateInput['sealedBy'];
  },
): Promise<CertificateInput> {
  const events = (await listContractEvents(db, contract.id)).filter(inSealedRecord);
  const acceptance = await db
    .selectFrom('acceptances')
    .select(['typed_name', 'disclaimer_version'])
    .where('accepted_by_user_id', '=', contract.contractor_user_id)
    .orderBy('accepted_at', 'desc')
    .executeTakeFirst();
  const company = await db
    .selectFrom('preferences')
    .select('time_zone')
    .where('company_id', '=', contract.company_id)
    .executeTakeFirst();
  const contractorSigned = lastEvent(events, 'signed_by_contractor');
  const rows = await listSigners(db, contract.id);
  const contractor: CertificateSigner = {
    role: 'contractor',
    name: acceptance?.typed_name ?? contract.company_name ?? 'Contractor',
    email: contract.contractor_email,
    signedAt: contract.my_signed_at,
    ip: contractorSigned?.ip ?? null,
    userAgent: contractorSigned?.user_agent ?? null,
    timeZone: null,
    consent: acceptance?.disclaimer_version ?? null,
    signaturePng: contract.my_signature_png,
  };
  // Every client who signed, each with their own facts (issue 37).
  const clients =
    rows.length > 0
      ? clientCertificateSigners(rows, events, contract.client_signed_at)
      : [clientWithoutSignerRow(contract, events)];
  const [first] = rows;
  return {
    contractId: contract.id,
    changeOrder: await loadChangedContract(db, contract),
    language: contract.language,
    // The document by the title it was shown with, not translated: the headings around it follow
    // the client's language, the contract's own words never do (docs/decisions/032).
    title: contract.template_html ? (documentTitle(contract.template_html) ?? '') : '',
    companyName: contract.company_name ?? 'Contractor',
    contractorName: acceptance?.typed_name ?? null,
    contractorEmail: contract.contractor_email,
    clientName: first?.signed_name ?? contract.client_name ?? '',
    clientEmail: contract.client_email ?? '',
    totalCents: contract.total_price_cents ?? 0,
    completedAt: contract.client_signed_at,
    signers: [contractor, ...clients],
    events,
    snapshotSha256: contract.template_sha256 ?? '',
    contractPagesSha256: fingerprints.contractPagesSha256,
    verifyUrl: fingerprints.verifyUrl,
    ...(fingerprints.sealedBy ? { sealedBy: fingerprints.sealedBy } : {}),
    companyTimeZone: company?.time_zone ?? null,
    consentNotices: consentNoticeGroups(
      events,
      rows.map((row) => ({ ...row, name: row.signed_name ?? row.name })),
    ),
  };
}

/** The client of a contract without signer rows (none since issue 37's migration), as before. */
function clientWithoutSignerRow(
  contract: Awaited<ReturnType<typeof loadSignedContract>>,
  events: EventRow[],
): CertificateSigner {
  const clientSigned = lastEvent(events, 'signed_by_client');
  const consented = lastEvent(events, 'consented');
  const disclosureLanguage = detail(consented, 'disclosure_language');
  return {
    role: 'client',
    name: contract.client_name ?? 'Client',
    enteredName: contract.client_name,
    email: contract.client_email ?? '',
    signedAt: contract.client_signed_at,
    ip: clientSigned?.ip ?? null,
    userAgent: clientSigned?.user_agent ?? null,
    timeZone: detail(clientSigned, 'time_zone'),
    consent: detail(consented, 'disclosure_version'),
    consentLanguage: disclosureLanguage === null ? null : languageOr(disclosureLanguage),
    consentSha256: detail(consented, 'disclosure_sha256'),
    signaturePng: null,
  };
}
