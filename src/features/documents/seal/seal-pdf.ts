import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
// Named import on purpose: @signpdf/signpdf is CommonJS, and under Node's ESM loader (tsx,
// vitest) its default import is the whole `exports` object, not the SignPdf instance the types
// promise; `signpdf.sign` would be undefined at runtime.
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { findLastByteRange } from './byte-range.js';
import { SealKeySigner, type SealKey } from './cms-signer.js';
import type { TimestampToken } from './timestamp.js';

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
 * about 1.9 KiB (one 3072-bit certificate); the rest leaves space for a company's certificate
 * chain (issue 39). It costs 16 KiB per file. A seal with a timestamp gets more room, below.
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

/*
 * With a timestamp authority, room for its token too: a public authority's, with its
 * certificate and chain, takes 6 to 10 KiB (docs/research/039-own-certificate-and-timestamp.md §6).
 */
export const SIGNATURE_LENGTH_WITH_TIMESTAMP = SIGNATURE_LENGTH + 2 * 16 * 1024;

/** A sealed file and the time its signature says it was made (the server's clock). */
export interface SealedPdf {
  bytes: Buffer;
  signedAt: Date;
  /** The authority's token over the signature, when one was asked for. */
  timestamp?: TimestampToken;
}

export interface SealOptions {
  /** The clock the signature states, and the authority's certificate is checked at. */
  now?: Date;
  timestampAuthority?: { url: string; timeoutMs: number };
}

/**
 * Seals a finished PDF (e.g. the executed contract Chromium printed) with an invisible digital
 * signature, so readers report it as signed and unmodified since. Returns a new file.
 */
export async function sealPdf(
  pdf: Uint8Array,
  seal: SealKey,
  info: SealInfo,
  options: SealOptions = {},
): Promise<SealedPdf> {
  // pdf-lib rewrites the whole file rather than appending an incremental update, so an existing
  // signature would silently stop matching its bytes. Sealed files are final: refuse.
  if (findLastByteRange(pdf)) throw new AlreadySealedError();

  // One clock reading for both the dictionary's /M and the CMS signingTime, so they agree.
  const signingTime = options.now ?? new Date();
  const tsa = options.timestampAuthority;
  const signer = new SealKeySigner(
    seal,
    tsa && { url: tsa.url, timeoutMs: tsa.timeoutMs, now: () => signingTime },
  );
  const firstTry = tsa ? SIGNATURE_LENGTH_WITH_TIMESTAMP : SIGNATURE_LENGTH;
  let bytes: Buffer;
  try {
    bytes = await signInPlaceholder(pdf, signer, info, signingTime, firstTry);
  } catch (error) {
    // A long chain or token: once more with room for what it needed (a new signature, and a new
    // timestamp for it).
    const needed = /exceeds placeholder length: (\d+) > \d+/.exec(String(error))?.[1];
    if (!needed) throw error;
    bytes = await signInPlaceholder(pdf, signer, info, signingTime, Number(needed) + 8192);
  }
  return {
    bytes,
    signedAt: signingTime,
    ...(signer.timestamp ? { timestamp: signer.timestamp } : {}),
  };
}

async function signInPlaceholder(
  pdf: Uint8Array,
  signer: SealKeySigner,
  info: SealInfo,
  signingTime: Date,
  signatureLength: number,
): Promise<Buffer> {
  // updateMetadata: false keeps the producer, dates and title the renderer wrote; the signature
  // dictionary carries the sealing time.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: info.reason,
    location: info.location,
    contactInfo: info.contactInfo,
    name: info.name,
    signingTime,
    signatureLength,
    subFilter: SEAL_SUBFILTER,
    appName: 'TradeSign',
  });
  // signpdf finds the placeholder by scanning the raw bytes: it must not sit in a compressed
  // object stream.
  const withPlaceholder = await doc.save({ useObjectStreams: false });

  return new SignPdf().sign(withPlaceholder, signer, signingTime);
}
