import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { DbOrTrx } from '../../db/kysely.js';
import { freezeContractDocument } from '../../domain/contract-document/index.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { renderCertificateHtml } from './certificate/index.js';
import {
  buildCertificateInput,
  loadChangedContract,
  loadSignedContract,
} from './certificate-input.js';
import { CONTRACT_MAX_PAGES, type PdfRenderer } from './pdf-renderer.js';
import { sealPdf } from './seal/index.js';
import { getOrCreateSealingKey } from './sealing-key.js';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The executed copy (docs/decisions/010): the signed contract's pages, then the signature
 * certificate and its appendix (the consent notices the clients accepted), merged and sealed with
 * the app's key. Returns the file and the two hashes the certificate and the verification page
 * rely on.
 */
export async function buildSealedExecutedCopy(
  db: DbOrTrx,
  renderer: PdfRenderer,
  contractId: number,
  publicUrl: string,
  log?: { warn(obj: object, msg?: string): void },
): Promise<{ bytes: Buffer; sha256: string; contractPagesSha256: string }> {
  const contract = await loadSignedContract(db, contractId);
  const changeOrder = await loadChangedContract(db, contract);
  // The contract's pages read wholly in the language they were frozen in, their footers too; the
  // certificate's pages follow the client's language (docs/decisions/029, 032).
  const words = messagesFor(contract.language).certificate;
  const documentWords = messagesFor(contract.document_language ?? contract.language).certificate;
  const { footers } = words;
  const contractFooters = documentWords.footers;
  // A change order is named by its number and its contract, never by its own row's id (issue 38).
  const documentName = (language: typeof words) =>
    changeOrder
      ? language.changeOrder.name(changeOrder.number, changeOrder.contractId)
      : language.footers.contract(contractId);
  // What the client signed, under the document policy: a copy frozen before the policy gets it
  // here, as the signing page showed it (docs/decisions/016).
  const contractPages = await renderer.render(freezeContractDocument(contract.signed_html), {
    footerLabel: documentName(documentWords),
    pageWords: contractFooters,
    maxPages: CONTRACT_MAX_PAGES,
  });
  const contractPagesSha256 = sha256Hex(contractPages);
  const certificateInput = await buildCertificateInput(db, contract, {
    contractPagesSha256,
    verifyUrl: `${publicUrl}/verify`,
  });
  for (const { record: notice } of certificateInput.consentNotices ?? []) {
    if (notice.kind !== 'mismatch') continue;
    // The appendix says so instead of printing a text the client may not have read.
    log?.warn(
      { contractId, version: notice.version, language: notice.language },
      'consent notice rebuilt for the executed copy does not match the SHA-256 recorded at signing',
    );
  }
  const certificateHtml = await renderCertificateHtml(certificateInput);
  const certificatePages = await renderer.render(certificateHtml, {
    footerLabel: footers.certificate(documentName(words)),
    pageWords: footers,
  });

  const merged = await PDFDocument.create();
  // The file's title and seal reason stay in English, as before: readers show them as metadata.
  const englishName = documentName(messagesFor('en').certificate);
  merged.setTitle(`${englishName} (executed copy)`);
  merged.setProducer('TradeSign');
  for (const part of [contractPages, certificatePages]) {
    const source = await PDFDocument.load(part);
    for (const page of await merged.copyPages(source, source.getPageIndices()))
      merged.addPage(page);
  }
  const key = await getOrCreateSealingKey(db, publicUrl);
  const sealed = await sealPdf(await merged.save({ useObjectStreams: false }), key, {
    reason: changeOrder
      ? `Executed copy of ${englishName}`
      : `Executed copy of contract #${contractId}`,
    location: new URL(publicUrl).host,
    contactInfo: publicUrl,
    name: 'TradeSign',
  });
  return { bytes: sealed, sha256: sha256Hex(sealed), contractPagesSha256 };
}
