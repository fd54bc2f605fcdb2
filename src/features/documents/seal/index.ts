/**
 * Sealing executed contracts: a self-signed document-sealing certificate, an invisible
 * adbe.pkcs7.detached signature over the whole PDF, and a verifier for our own integrity checks.
 */
export {
  generateSealingCertificate,
  loadSealingCertificate,
  certificateFingerprint,
  type SealingCertificate,
  type SealingCertificateInfo,
} from './certificate.js';
export {
  sealPdf,
  AlreadySealedError,
  SEAL_SUBFILTER,
  SIGNATURE_LENGTH,
  type SealInfo,
  type SealKey,
  type SealedPdf,
  type SealOptions,
} from './seal-pdf.js';
export {
  TimestampInvalidError,
  TimestampUnavailableError,
  readTimestampToken,
  requestTimestamp,
  signatureTimestampOf,
  type TimestampToken,
} from './timestamp.js';
export { identityOfCertificate, type SealIdentity } from './seal-identity.js';
export { sealIdentityOf } from './cms-signer.js';
export {
  openOwnSealCertificate,
  validityProblems,
  type OwnSealCertificate,
  type SealCertificateProblem,
} from './own-certificate.js';
export {
  verifySealedPdf,
  isIntactSeal,
  type SealFailure,
  type SealVerification,
} from './verify-seal.js';
