import { createPublicKey, createHash, verify } from 'node:crypto';
import forge from 'node-forge';
import {
  findLastByteRange,
  rangeIsWellFormed,
  readSignatureContents,
  signedBytes,
} from './byte-range.js';
import { certificateFingerprint, subjectCommonName } from './certificate.js';
import { readSignerInfo, type SignerInfo } from './signer-info.js';

export type SealFailure =
  | 'no signature'
  | 'malformed signature'
  | 'unsupported algorithm'
  /** The signed bytes changed since signing. */
  | 'digest mismatch'
  /** The signed attributes do not verify with the embedded certificate's key. */
  | 'bad signature';

export interface SealVerification {
  /** The signature is intact for the bytes its /ByteRange covers. */
  valid: boolean;
  reason?: SealFailure;
  signerCommonName?: string;
  /** SHA-256 of the signer certificate: compare with our seal's to know who signed. */
  signerFingerprintSha256?: string;
  /** The CMS signingTime (the signer's clock, not a trusted timestamp), ISO. */
  signedAt?: string;
  /**
   * The byte range starts at 0, ends at the end of the file and leaves out only the signature's
   * /Contents value: nothing was appended (an incremental update) or excluded.
   */
  coversWholeFile: boolean;
}

const NODE_HASH_BY_OID: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

// RSASSA-PKCS1-v1_5, under the plain key OID (what forge writes) or a combined OID.
const RSA_PKCS1_SIGNATURE_OIDS = new Set([
  '1.2.840.113549.1.1.1',
  '1.2.840.113549.1.1.11',
  '1.2.840.113549.1.1.12',
  '1.2.840.113549.1.1.13',
]);

/**
 * Checks the last signature of a PDF: that the bytes it covers are the ones signed and that the
 * embedded certificate's key made the signature. For our tests and integrity checks only.
 *
 * It does NOT validate a certificate chain, revocation or trust: our seal is self-signed, so the
 * certificate proves nothing by itself and anyone can re-sign an altered copy with their own key.
 * Use `isIntactSeal` with our seal's fingerprint to know the file is ours and unchanged.
 * RSA signatures only (what the seal signer, cms-signer.ts, produces).
 */
export function verifySealedPdf(pdf: Uint8Array): SealVerification {
  const location = findLastByteRange(pdf);
  if (!location) return { valid: false, reason: 'no signature', coversWholeFile: false };
  const { range } = location;
  if (!rangeIsWellFormed(range, pdf.length)) return malformed(false);

  const contents = readSignatureContents(pdf, range);
  if (!contents) return malformed(false);
  const [a, , c, d] = range;
  const coversWholeFile = a === 0 && contents.gapIsContents && c + d === pdf.length;

  let signer: SignerInfo;
  try {
    signer = readSignerInfo(contents.der);
  } catch {
    return malformed(coversWholeFile);
  }
  const commonName = subjectCommonName(signer.certificate);
  const described = {
    coversWholeFile,
    ...(commonName === undefined ? {} : { signerCommonName: commonName }),
    signerFingerprintSha256: certificateFingerprint(signer.certificate),
    ...(signer.signingTime ? { signedAt: signer.signingTime.toISOString() } : {}),
  };

  const hash = NODE_HASH_BY_OID[signer.digestOid];
  if (!hash || !RSA_PKCS1_SIGNATURE_OIDS.has(signer.signatureOid)) {
    return { valid: false, reason: 'unsupported algorithm', ...described };
  }

  const digest = createHash(hash).update(signedBytes(pdf, range)).digest();
  if (!digest.equals(signer.messageDigest)) {
    return { valid: false, reason: 'digest mismatch', ...described };
  }

  let signatureOk: boolean;
  try {
    const publicKey = createPublicKey(forge.pki.publicKeyToPem(signer.certificate.publicKey));
    signatureOk = verify(hash, signer.signedAttributesDer, publicKey, signer.signature);
  } catch {
    signatureOk = false;
  }
  if (!signatureOk) return { valid: false, reason: 'bad signature', ...described };
  return { valid: true, ...described };
}

/** The file is sealed by the certificate with this fingerprint and unchanged since. */
export function isIntactSeal(result: SealVerification, fingerprintSha256: string): boolean {
  return (
    result.valid &&
    result.coversWholeFile &&
    result.signerFingerprintSha256 === fingerprintSha256.toLowerCase()
  );
}

function malformed(coversWholeFile: boolean): SealVerification {
  return { valid: false, reason: 'malformed signature', coversWholeFile };
}
