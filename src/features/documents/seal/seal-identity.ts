import { X509Certificate } from 'node:crypto';

/** Who sealed a copy, as the certificate of completion, /verify and the API say it (issue 39). */
export interface SealIdentity {
  /** The certificate's subject, most specific first: `CN=Acme Roofing LLC, O=Acme Roofing LLC, C=US`. */
  subject: string;
  /** The subject's common name, else the whole subject. */
  commonName: string;
  /** The issuer, in the same form. */
  issuer: string;
  /** The issuer's common name, else the whole issuer. */
  issuerCommonName: string;
  /** SHA-256 of the certificate's DER, lowercase hex. */
  fingerprintSha256: string;
  /** Issued by itself: the app's own generated seal, which no reader can trace to anyone. */
  selfSigned: boolean;
  /** ISO time the certificate stops being valid. */
  notAfter: string;
  /** ISO time it starts being valid. */
  notBefore: string;
}

/** The facts of a certificate (DER) as a SealIdentity. */
export function identityOfCertificate(der: Buffer): SealIdentity {
  const certificate = new X509Certificate(der);
  const subject = distinguishedName(certificate.subject);
  return {
    subject,
    commonName: commonNameOf(certificate.subject) ?? subject,
    issuer: distinguishedName(certificate.issuer),
    issuerCommonName: commonNameOf(certificate.issuer) ?? distinguishedName(certificate.issuer),
    fingerprintSha256: certificate.fingerprint256.replaceAll(':', '').toLowerCase(),
    // Not checkIssued: OpenSSL's check also wants the issuer allowed to sign certificates, which a
    // self-signed seal (digitalSignature and nonRepudiation only) is not.
    selfSigned:
      certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey),
    notAfter: new Date(certificate.validTo).toISOString(),
    notBefore: new Date(certificate.validFrom).toISOString(),
  };
}

/*
 * Node prints a name one attribute a line, most general first (`C=US\nO=…\nCN=…`); people and
 * RFC 4514 read it most specific first, on one line.
 */
function distinguishedName(nodeName: string): string {
  return nodeName.split('\n').filter(Boolean).reverse().join(', ');
}

function commonNameOf(nodeName: string): string | undefined {
  return nodeName
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3);
}
