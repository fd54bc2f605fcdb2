import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
// Named import on purpose: @signpdf/signpdf is CommonJS, and under Node's ESM loader (tsx,
// vitest) its default import is the whole `exports` object, not the SignPdf instance the types
// promise; `signpdf.sign` would be undefined at runtime.
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { findLastByteRange } from './byte-range.js';
import { SealKeySigner, type SealKey } from './cms-signer.js';

export type { SealKey } from './cms-signer.js';

export interface SealInfo {
  /** Shown by readers as the signature's reason, e.g. "Executed contract #42". */
  reason: string;
  location: string;
  contactInfo: string;
  /** The signer's name as readers show it (the seal's owner, not a party to the contract). */
  name: string;
}

/*
 * Room reserved for the signature. pdflibAddPlaceholder writes `signatureLength` characters between
 * the hex brackets and each DER byte takes two of them, so this holds a CMS of up to 8 KiB. Ours is
 * about 1.9 KiB (one 3072-bit certificate); the rest leaves space for a CA-issued chain or a
 * timestamp token later without changing anything else. It costs 16 KiB per file.
 */
export const SIGNATURE_LENGTH = 16384;

/*
 * adbe.pkcs7.detached, the subfilter SealKeySigner's CMS is built for, as @signpdf's P12Signer's
 * (SHA-256 digest, signingTime, no ESS signing-certificate-v2 attribute). ETSI.CAdES.detached
 * would promise a PAdES baseline signature, which requires that attribute; validators would then
 * flag the seal as malformed.
 */
export const SEAL_SUBFILTER = 'adbe.pkcs7.detached';

export class AlreadySealedError extends Error {
  constructor() {
    super('The PDF already carries a signature; sealing it again would invalidate it');
    this.name = 'AlreadySealedError';
  }
}

/** A sealed file and the time its signature says it was made (the server's clock). */
export interface SealedPdf {
  bytes: Buffer;
  signedAt: Date;
}

/**
 * Seals a finished PDF (e.g. the executed contract Chromium printed) with an invisible digital
 * signature, so readers report it as signed and unmodified since. Returns a new file.
 */
export async function sealPdf(
  pdf: Uint8Array,
  seal: SealKey,
  info: SealInfo,
  now: Date = new Date(),
): Promise<SealedPdf> {
  // pdf-lib rewrites the whole file rather than appending an incremental update, so an existing
  // signature would silently stop matching its bytes. Sealed files are final: refuse.
  if (findLastByteRange(pdf)) throw new AlreadySealedError();

  // updateMetadata: false keeps the producer, dates and title the renderer wrote; the signature
  // dictionary carries the sealing time.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  // One clock reading for both the dictionary's /M and the CMS signingTime, so they agree.
  const signingTime = now;
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: info.reason,
    location: info.location,
    contactInfo: info.contactInfo,
    name: info.name,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SEAL_SUBFILTER,
    appName: 'TradeSign',
  });
  // signpdf finds the placeholder by scanning the raw bytes: it must not sit in a compressed
  // object stream.
  const withPlaceholder = await doc.save({ useObjectStreams: false });

  const bytes = await new SignPdf().sign(withPlaceholder, new SealKeySigner(seal), signingTime);
  return { bytes, signedAt: signingTime };
}
