import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { DbOrTrx } from '../../db/kysely.js';
import { listContractEvents } from '../contracts/contracts.repo.js';
import { renderCertificateHtml, type CertificateSigner } from './certificate/index.js';
import type { PdfRenderer } from './pdf-renderer.js';
import { sealPdf } from './seal/index.js';
import { getOrCreateSealingKey } from './sealing-key.js';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type EventRow = Awaited<ReturnType<typeof listContractEvents>>[number];

function lastEvent(events: EventRow[], type: string): EventRow | undefined {
  return events.filter((event) => event.type === type).at(-1);
}

function detail(event: EventRow | undefined, key: string): string | null {
  if (!event?.details) return null;
  const value = (JSON.parse(event.details) as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/**
 * The executed copy (issue 7): the signed contract's pages, then the certificate of completion,
 * merged and sealed with the app's key. Returns the file and the two hashes the certificate and
 * the verification page rely on.
 */
export async function buildSealedExecutedCopy(
  db: DbOrTrx,
  renderer: PdfRenderer,
  contractId: number,
  publicUrl: string,
): Promise<{ bytes: Buffer; sha256: string; contractPagesSha256: string }> {
  const contract = await db
    .selectFrom('contracts')
    .innerJoin('users', 'users.id', 'contracts.user_id')
    .select([
      'contracts.id',
      'contracts.user_id',
      'contracts.signed_html',
      'contracts.template_sha256',
      'contracts.company_name',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.total_price_cents',
      'contracts.my_signature_png',
      'contracts.my_signed_at',
      'contracts.client_signed_at',
      'contracts.client_signature_png',
      'users.email as contractor_email',
    ])
    .where('contracts.id', '=', contractId)
    .executeTakeFirstOrThrow();
  if (!contract.signed_html || !contract.client_signed_at || !contract.my_signed_at) {
    throw new Error(`Contract ${contractId} is not signed by both parties`);
  }
  const events = await listContractEvents(db, contractId);
  const acceptance = await db
    .selectFrom('acceptances')
    .select(['typed_name', 'disclaimer_version'])
    .where('user_id', '=', contract.user_id)
    .orderBy('accepted_at', 'desc')
    .executeTakeFirst();

  const contractPages = await renderer.render(contract.signed_html, {
    footerLabel: `Contract #${contractId}`,
  });
  const contractPagesSha256 = sha256Hex(contractPages);
  const contractorSigned = lastEvent(events, 'signed_by_contractor');
  const clientSigned = lastEvent(events, 'signed_by_client');
  const signers: CertificateSigner[] = [
    {
      role: 'contractor',
      name: acceptance?.typed_name ?? contract.company_name ?? 'Contractor',
      email: contract.contractor_email,
      signedAt: contract.my_signed_at,
      ip: contractorSigned?.ip ?? null,
      userAgent: contractorSigned?.user_agent ?? null,
      timeZone: null,
      consent: acceptance?.disclaimer_version ?? null,
      signaturePng: contract.my_signature_png,
    },
    {
      role: 'client',
      name: contract.client_name ?? 'Client',
      email: contract.client_email ?? '',
      signedAt: contract.client_signed_at,
      ip: clientSigned?.ip ?? null,
      userAgent: clientSigned?.user_agent ?? null,
      timeZone: detail(clientSigned, 'time_zone'),
      consent: detail(lastEvent(events, 'consented'), 'disclosure_version'),
      signaturePng: contract.client_signature_png,
    },
  ];
  const certificateHtml = await renderCertificateHtml({
    contractId,
    title: '',
    companyName: contract.company_name ?? 'Contractor',
    contractorName: acceptance?.typed_name ?? null,
    contractorEmail: contract.contractor_email,
    clientName: contract.client_name ?? '',
    clientEmail: contract.client_email ?? '',
    totalCents: contract.total_price_cents ?? 0,
    completedAt: contract.client_signed_at,
    signers,
    events,
    snapshotSha256: contract.template_sha256 ?? '',
    contractPagesSha256,
    verifyUrl: `${publicUrl}/verify`,
  });
  const certificatePages = await renderer.render(certificateHtml, {
    footerLabel: `Certificate of completion · Contract #${contractId}`,
  });

  const merged = await PDFDocument.create();
  merged.setTitle(`Contract #${contractId} (executed copy)`);
  merged.setProducer('TradeSign');
  for (const part of [contractPages, certificatePages]) {
    const source = await PDFDocument.load(part);
    for (const page of await merged.copyPages(source, source.getPageIndices()))
      merged.addPage(page);
  }
  const key = await getOrCreateSealingKey(db, publicUrl);
  const sealed = await sealPdf(await merged.save({ useObjectStreams: false }), key, {
    reason: `Executed copy of contract #${contractId}`,
    location: new URL(publicUrl).host,
    contactInfo: publicUrl,
    name: 'TradeSign',
  });
  return { bytes: sealed, sha256: sha256Hex(sealed), contractPagesSha256 };
}
