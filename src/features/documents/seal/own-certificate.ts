import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import type { SealKey } from './cms-signer.js';
import { identityOfCertificate, type SealIdentity } from './seal-identity.js';

/** A company's own document-signing certificate, opened and checked (issue 39). */
export interface OwnSealCertificate {
  key: SealKey;
  identity: SealIdentity;
}

/** What is wrong with the file: `fail` refuses to seal with it, `warn` seals but is worth a look. */
export interface SealCertificateProblem {
  level: 'fail' | 'warn';
  message: string;
  fix: string;
}

export type OwnSealCheck =
  | { opened: OwnSealCertificate; problems: SealCertificateProblem[] }
  | { opened?: undefined; problems: SealCertificateProblem[] };

/*
 * Purposes a signing certificate's extended key usage may name: id-kp-documentSigning (RFC 9336),
 * Adobe Authentic Documents, emailProtection (which Acrobat has long accepted for signing) and
 * anyExtendedKeyUsage. No extended key usage at all leaves the certificate unrestricted.
 */
const SIGNING_PURPOSES = new Set([
  '1.3.6.1.5.5.7.3.36',
  '1.2.840.113583.1.1.5',
  '1.3.6.1.5.5.7.3.4',
  '2.5.29.37.0',
]);
const PURPOSE_NAMES: Record<string, string> = {
  '1.3.6.1.5.5.7.3.1': 'serverAuth',
  '1.3.6.1.5.5.7.3.2': 'clientAuth',
  '1.3.6.1.5.5.7.3.3': 'codeSigning',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
};

const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const KEY_BAGS = [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!];
const CERT_BAG = forge.pki.oids.certBag!;

const FIX_FILE =
  'export it again: openssl pkcs12 -export -inkey key.pem -in cert.pem -certfile chain.pem -out seal.p12 (README, "Your own seal certificate")';
const FIX_CERTIFICATE = 'ask your certificate authority for a document-signing certificate';

/**
 * Opens a PKCS#12 file the way the seal signer will and checks what a reader would object to:
 * the passphrase, an RSA key with its certificate, the key usage, the extended key usage, the
 * validity at `now` (a warning 30 days ahead) and the chain. `name` says in each message which
 * file it is, e.g. `SEAL_P12_PATH=/etc/tradesign/seal.p12`. `start`, `doctor` and each seal
 * share it.
 */
export function openOwnSealCertificate(
  p12: Buffer,
  passphrase: string,
  name: string,
  now: Date,
): OwnSealCheck {
  const refuse = (message: string, fix: string): OwnSealCheck => ({
    problems: [{ level: 'fail', message, fix }],
  });
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    return refuse(`${name}: not a PKCS#12 (.p12/.pfx) file`, FIX_FILE);
  }
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    return /password|MAC|decrypt/i.test(reason)
      ? refuse(
          `the passphrase does not open ${name}: wrong passphrase`,
          'set SEAL_P12_PASSPHRASE (or SEAL_P12_PASSPHRASE_FILE) to the passphrase the file was exported with',
        )
      : refuse(`${name}: not a PKCS#12 (.p12/.pfx) file`, FIX_FILE);
  }

  const keyBags = KEY_BAGS.flatMap((bagType) => pfx.getBags({ bagType })[bagType] ?? []);
  if (keyBags.length === 0) return refuse(`${name} holds no private key`, FIX_FILE);
  const key = keyBags.find((bag) => bag.key)?.key;
  // forge reads RSA keys only: another kind leaves the bag's key empty.
  if (!key) {
    return refuse(
      `${name} holds a key that is not RSA; only RSA keys can seal for now`,
      'ask your certificate authority for an RSA (2048-bit or more) document-signing certificate',
    );
  }
  const certificateBags = pfx.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? [];
  const notRsa = certificateBags.find((bag) => !bag.cert);
  if (notRsa) {
    const der = Buffer.from(forge.asn1.toDer(notRsa.asn1).getBytes(), 'binary');
    return refuse(
      `${name} holds a certificate that is not RSA (${identityOfCertificate(der).subject}); only RSA certificates can seal for now`,
      'leave that certificate out of the file, or ask your certificate authority for an RSA chain',
    );
  }
  const certificates = certificateBags.map((bag) => bag.cert!);
  const signer = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
  });
  if (!signer) return refuse(`${name} has no certificate for its private key`, FIX_FILE);

  const der = (certificate: forge.pki.Certificate) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const identity = identityOfCertificate(der(signer));
  const problems = [
    ...usageProblems(signer, identity),
    ...validityProblems(identity, now),
    ...chainProblems(
      der(signer),
      certificates.filter((certificate) => certificate !== signer).map(der),
      identity,
    ),
  ];
  if (problems.some((problem) => problem.level === 'fail')) return { problems };
  return { opened: { key: { p12, passphrase }, identity }, problems };
}

function usageProblems(
  signer: forge.pki.Certificate,
  identity: SealIdentity,
): SealCertificateProblem[] {
  const named = `the certificate "${identity.commonName}"`;
  const problems: SealCertificateProblem[] = [];
  const basic = signer.getExtension('basicConstraints') as { cA?: boolean } | null;
  if (basic?.cA) {
    problems.push({
      level: 'fail',
      message: `${named} is a certificate authority's, not a document-signing certificate`,
      fix: FIX_CERTIFICATE,
    });
  }
  const usage = signer.getExtension('keyUsage') as {
    digitalSignature?: boolean;
    nonRepudiation?: boolean;
  } | null;
  if (usage && !usage.digitalSignature && !usage.nonRepudiation) {
    problems.push({
      level: 'fail',
      message: `${named} may not sign documents (its key usage allows neither digitalSignature nor nonRepudiation)`,
      fix: FIX_CERTIFICATE,
    });
  }
  const extended = new X509Certificate(
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(signer)).getBytes(), 'binary'),
  ).keyUsage as string[] | undefined;
  if (extended && extended.length > 0 && !extended.some((oid) => SIGNING_PURPOSES.has(oid))) {
    const purposes = extended.map((oid) => PURPOSE_NAMES[oid] ?? oid).join(', ');
    problems.push({
      level: 'fail',
      message: `${named} is not for document signing (extended key usage: ${purposes})`,
      fix: FIX_CERTIFICATE,
    });
  }
  return problems;
}

/** Refuses a certificate not yet or no longer valid; warns 30 days before it expires. */
export function validityProblems(identity: SealIdentity, now: Date): SealCertificateProblem[] {
  const named = `the certificate "${identity.commonName}"`;
  const day = (iso: string) => iso.slice(0, 10);
  const notAfter = new Date(identity.notAfter).getTime();
  if (new Date(identity.notBefore).getTime() > now.getTime()) {
    return [
      {
        level: 'fail',
        message: `${named} is not valid until ${day(identity.notBefore)}`,
        fix: 'wait until then, or use the certificate it replaces',
      },
    ];
  }
  if (notAfter <= now.getTime()) {
    return [
      {
        level: 'fail',
        message: `${named} expired on ${day(identity.notAfter)}`,
        fix: 'renew it with your certificate authority and export the new .p12',
      },
    ];
  }
  const daysLeft = Math.ceil((notAfter - now.getTime()) / DAY_MS);
  if (daysLeft <= EXPIRY_WARNING_DAYS) {
    return [
      {
        level: 'warn',
        message: `${named} expires on ${day(identity.notAfter)} (in ${daysLeft} day${daysLeft === 1 ? '' : 's'})`,
        fix: 'renew it with your certificate authority now; after that day nothing can be sealed with it',
      },
    ];
  }
  return [];
}

/** Warns when the file lacks the certificate that issued the signer's: readers cannot build the chain. */
function chainProblems(
  signerDer: Buffer,
  othersDer: Buffer[],
  identity: SealIdentity,
): SealCertificateProblem[] {
  if (identity.selfSigned) return [];
  const signer = new X509Certificate(signerDer);
  const issued = othersDer.some((der) => {
    const candidate = new X509Certificate(der);
    return signer.checkIssued(candidate) && signer.verify(candidate.publicKey);
  });
  if (issued) return [];
  return [
    {
      level: 'warn',
      message: `the file has no certificate for the issuer "${identity.issuer}"; readers may not trace the seal to it`,
      fix: 'export the .p12 again with the issuer chain: openssl pkcs12 -export … -certfile chain.pem',
    },
  ];
}
