import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { DbOrTrx } from '../../db/kysely.js';
import { freezeContractDocument } from '../../domain/contract-document/index.js';
import type { SealRecordJson } from '../../domain/seal-record.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { renderCertificateHtml } from './certificate/index.js';
import {
  buildCertificateInput,
  loadChangedContract,
  loadSignedContract,
} from './certificate-input.js';
import { CONTRACT_MAX_PAGES, type PdfRenderer } from './pdf-renderer.js';
import type { CertificateInput } from './certificate/index.js';
import {
  isTimestampFailure,
  timestampContractPages,
  unavailable,
  type CopyTimestamp,
} from './copy-timestamp.js';
import {
  sealIdentityOf,
  sealPdf,
  validityProblems,
  type SealedPdf,
  type SealIdentity,
} from './seal/index.js';
import type { SealSettings } from './seal-settings.js';
import { getOrCreateSealingKey } from './sealing-key.js';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ExecutedCopy {
  bytes: Buffer;
  sha256: string;
  contractPagesSha256: string;
  /** Who sealed it and when, as the documents row keeps it for /verify (issue 39). */
  seal: SealRecordJson;
}

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
  options: {
    publicUrl: string;
    log?: { warn(obj: object, msg?: string): void };
    /** The company's own certificate, when there is one (issue 39). */
    seal: SealSettings;
    /** Read at each step: the certificate's check, each authority request, the signature. */
    clock: () => Date;
    /**
     * The job's last attempt: a timestamp authority that still does not answer no longer holds the
     * copy back; it is sealed without a timestamp, and its certificate says so (issue 39).
     */
    lastAttempt: boolean;
  },
): Promise<ExecutedCopy> {
  const { publicUrl, log } = options;
  const key = await sealingKeyAt(db, publicUrl, options.seal, options.clock());
  const signer = sealIdentityOf(key);
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
    // The generated certificate names only this server: the page says TradeSign sealed it.
    ...(options.seal.own ? { sealedBy: signer } : {}),
  });
  for (const { record: notice } of certificateInput.consentNotices ?? []) {
    if (notice.kind !== 'mismatch') continue;
    // The appendix says so instead of printing a text the client may not have read.
    log?.warn(
      { contractId, version: notice.version, language: notice.language },
      'consent notice rebuilt for the executed copy does not match the SHA-256 recorded at signing',
    );
  }
  // The file's title and seal reason stay in English, as before: readers show them as metadata.
  const englishName = documentName(messagesFor('en').certificate);

  /** The certificate's pages for this stamp, merged after the contract's, and sealed. */
  const certifyAndSeal = async (stamp: CopyTimestamp) => {
    const certificateHtml = await renderCertificateHtml({
      ...certificateInput,
      ...certificateTimestamp(stamp),
    });
    const certificatePages = await renderer.render(certificateHtml, {
      footerLabel: footers.certificate(documentName(words)),
      pageWords: footers,
    });
    const merged = await PDFDocument.create();
    merged.setTitle(`${englishName} (executed copy)`);
    merged.setProducer('TradeSign');
    for (const part of [contractPages, certificatePages]) {
      const source = await PDFDocument.load(part);
      for (const page of await merged.copyPages(source, source.getPageIndices()))
        merged.addPage(page);
    }
    if (stamp.kind === 'stamped') {
      // The token the certificate quotes, so anyone can check it: openssl ts -verify -token_in
      // -digest <the contract pages' SHA-256> (README, "Your own seal certificate").
      await merged.attach(stamp.pages.token, 'contract-pages-timestamp.tst', {
        mimeType: 'application/octet-stream',
        description: 'RFC 3161 timestamp token over the SHA-256 of the contract pages',
        creationDate: new Date(stamp.serverAt),
        modificationDate: new Date(stamp.serverAt),
      });
    }
    const authority = options.seal.timestampAuthority;
    return sealPdf(
      await merged.save({ useObjectStreams: false }),
      key,
      {
        reason: changeOrder
          ? `Executed copy of ${englishName}`
          : `Executed copy of contract #${contractId}`,
        location: new URL(publicUrl).host,
        contactInfo: publicUrl,
        name: options.seal.own ? signer.commonName : 'TradeSign',
      },
      {
        now: options.clock(),
        ...(stamp.kind === 'stamped' && authority ? { timestampAuthority: authority } : {}),
      },
    );
  };

  let stamp = await timestampContractPages(
    options.seal,
    contractPages,
    options.clock,
    options.lastAttempt,
  );
  let sealed: SealedPdf;
  try {
    sealed = await certifyAndSeal(stamp);
  } catch (error) {
    // The authority dated the pages, then failed on the seal: on the last attempt the certificate
    // is printed again to say so, and the copy is sealed on this server's clock.
    const authority = options.seal.timestampAuthority;
    if (!options.lastAttempt || !authority || !isTimestampFailure(error)) throw error;
    stamp = unavailable(authority.url, error);
    sealed = await certifyAndSeal(stamp);
  }
  if (stamp.kind === 'unavailable') {
    log?.warn({ contractId, reason: stamp.reason }, 'sealed without a trusted timestamp');
  }
  return {
    bytes: sealed.bytes,
    sha256: sha256Hex(sealed.bytes),
    contractPagesSha256,
    seal: sealRecord(signer, options.seal.own ? 'company' : 'app', sealed, stamp),
  };
}

/** What the certificate says of the timestamp: nothing unless an authority is set up. */
function certificateTimestamp(stamp: CopyTimestamp): Pick<CertificateInput, 'timestamp'> {
  if (stamp.kind === 'not_configured') return {};
  if (stamp.kind === 'unavailable') return { timestamp: { kind: 'unavailable', host: stamp.host } };
  return {
    timestamp: {
      kind: 'stamped',
      authority: stamp.pages.authority,
      host: stamp.pages.urlHost,
      at: stamp.pages.genTime.toISOString(),
      serverAt: stamp.serverAt,
    },
  };
}

function sealRecord(
  signer: SealIdentity,
  source: SealRecordJson['signer']['source'],
  sealed: SealedPdf,
  stamp: CopyTimestamp,
): SealRecordJson {
  return {
    signer: {
      subject: signer.subject,
      common_name: signer.commonName,
      issuer: signer.issuer,
      issuer_common_name: signer.issuerCommonName,
      fingerprint_sha256: signer.fingerprintSha256,
      self_signed: signer.selfSigned,
      source,
    },
    sealed_at_server: sealed.signedAt.toISOString(),
    timestamp: sealed.timestamp
      ? {
          at: sealed.timestamp.genTime.toISOString(),
          authority: sealed.timestamp.authority,
          url_host: sealed.timestamp.urlHost,
        }
      : null,
    timestamp_missing: sealed.timestamp
      ? null
      : stamp.kind === 'not_configured'
        ? 'not_configured'
        : 'authority_unavailable',
  };
}

/**
 * The company's own certificate when one is set, checked again now: it may have expired since the
 * server started, and a copy sealed with an expired certificate would read as invalid. Otherwise
 * the app's generated key.
 */
async function sealingKeyAt(db: DbOrTrx, publicUrl: string, seal: SealSettings, now: Date) {
  if (!seal.own) return getOrCreateSealingKey(db, publicUrl);
  const refusal = validityProblems(seal.own.identity, now).find((p) => p.level === 'fail');
  if (refusal) throw new Error(`${refusal.message}: nothing can be sealed with it`);
  return seal.own.key;
}
