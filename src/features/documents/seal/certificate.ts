import { createHash, randomBytes } from 'node:crypto';
// node-forge is CommonJS that builds its namespace at runtime, so Node's ESM loader sees no named
// exports: only the default import works under tsx/vitest.
import forge from 'node-forge';

export interface SealingCertificate {
  /** PKCS#12 (DER): the private key (3DES-shrouded) and the self-signed certificate. */
  p12: Buffer;
  /** Random passphrase (256 bits, base64url) protecting `p12`. */
  passphrase: string;
  /** SHA-256 of the certificate's DER, lowercase hex (what readers show as the fingerprint). */
  fingerprintSha256: string;
  /** ISO time the certificate expires. */
  notAfter: string;
}

export interface SealingCertificateInfo {
  fingerprintSha256: string;
  subjectCommonName: string;
  notAfter: string;
}

/*
 * 3072-bit RSA: the seal signs evidence that must still verify for years (NIST puts 2048-bit RSA
 * at end of life after 2030). forge hands generation to Node's native generateKeyPairSync, so it
 * takes well under a couple of seconds, once, on first start.
 */
const RSA_BITS = 3072;

/*
 * Extended key usages for document signing. When a certificate has an EKU, Acrobat checks it
 * names a purpose it accepts for signing, such as emailProtection (the long-standing one) or
 * Adobe Authentic Documents Trust; id-kp-documentSigning (RFC 9336)
 * is the standard purpose newer validators look for. Unknown purposes are ignored, so listing all
 * three costs nothing. No serverAuth/clientAuth: this key never identifies a TLS endpoint.
 */
const OID_ADOBE_AUTHENTIC_DOCUMENTS = '1.2.840.113583.1.1.5';
const OID_KP_DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';

// The bag types the seal signer reads (cms-signer.ts): a PKCS#8 shrouded key and certificates.
const KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag!;
const CERT_BAG = forge.pki.oids.certBag!;

/**
 * Creates the key and self-signed certificate that seal executed contracts. The result is what
 * the app stores (the passphrase separately from the file).
 */
export function generateSealingCertificate(
  commonName: string,
  options?: { validYears?: number },
): SealingCertificate {
  const validYears = options?.validYears ?? 10;
  const keys = forge.pki.rsa.generateKeyPair({ bits: RSA_BITS, e: 0x10001 });

  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = randomSerialHex();
  // Whole seconds: X.509 times have no milliseconds, and notAfter below must match the file.
  const now = Math.floor(Date.now() / 1000) * 1000;
  // A day of slack so a verifier whose clock is slightly behind does not see "not yet valid".
  cert.validity.notBefore = new Date(now - 24 * 60 * 60 * 1000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + validYears);
  cert.validity.notAfter = notAfter;

  // Most significant first (O, then CN), the conventional X.509 order.
  const name = [
    { shortName: 'O', value: 'TradeSign' },
    { shortName: 'CN', value: commonName },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    {
      name: 'extKeyUsage',
      emailProtection: true,
      [OID_ADOBE_AUTHENTIC_DOCUMENTS]: true,
      [OID_KP_DOCUMENT_SIGNING]: true,
    },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());

  const passphrase = randomBytes(32).toString('base64url');
  // 3DES rather than forge's AES default: older readers and OpenSSL-based tools all open it.
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: '3des',
    friendlyName: commonName,
  });
  const p12 = Buffer.from(forge.asn1.toDer(p12Asn1).getBytes(), 'binary');

  return {
    p12,
    passphrase,
    fingerprintSha256: certificateFingerprint(cert),
    notAfter: notAfter.toISOString(),
  };
}

/**
 * Opens a stored PKCS#12 the way the signer will (a shrouded key bag plus the certificate that
 * matches it), so a wrong passphrase or a corrupt file fails at start-up rather than at the first
 * signature.
 */
export function loadSealingCertificate(p12: Buffer, passphrase: string): SealingCertificateInfo {
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    throw new Error(
      `Cannot open the sealing certificate: wrong passphrase or not a PKCS#12 file (${errorMessage(error)})`,
      { cause: error },
    );
  }

  const keyBag = pfx.getBags({ bagType: KEY_BAG })[KEY_BAG]?.[0];
  const key = keyBag?.key;
  if (!key) throw new Error('The sealing certificate file holds no encrypted private key');

  const certs = pfx.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? [];
  const cert = certs
    .map((bag) => bag.cert)
    .find((candidate): candidate is forge.pki.Certificate => {
      const publicKey = candidate?.publicKey;
      return (
        !!publicKey && 'n' in publicKey && publicKey.n.equals(key.n) && publicKey.e.equals(key.e)
      );
    });
  if (!cert) throw new Error('The sealing certificate file holds no certificate for its key');

  return {
    fingerprintSha256: certificateFingerprint(cert),
    subjectCommonName: subjectCommonName(cert) ?? '',
    notAfter: cert.validity.notAfter.toISOString(),
  };
}

/** SHA-256 over the certificate's DER encoding, lowercase hex. */
export function certificateFingerprint(cert: forge.pki.Certificate): string {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex');
}

/** The certificate's subject CN, when it has one. */
export function subjectCommonName(cert: forge.pki.Certificate): string | undefined {
  const value = cert.subject.attributes.find((attribute) => attribute.shortName === 'CN')?.value;
  return typeof value === 'string' ? value : undefined;
}

/*
 * 16 random bytes as a positive DER INTEGER: forge writes the hex as-is, so the first byte must
 * have its top bit clear (else the serial reads as negative) and must not be zero (else the
 * encoding is not minimal, which strict parsers reject).
 */
function randomSerialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f || 0x01;
  return bytes.toString('hex');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
