import {
  constants,
  createHash,
  createPrivateKey,
  privateEncrypt,
  type KeyObject,
} from 'node:crypto';
import { Signer } from '@signpdf/utils';
// node-forge is CommonJS that builds its namespace at runtime: only the default import works.
import forge from 'node-forge';
import { identityOfCertificate, type SealIdentity } from './seal-identity.js';
import {
  addSignatureTimestamp,
  requestTimestamp,
  signatureValueOf,
  type TimestampToken,
} from './timestamp.js';

/** The key that seals: what sealing-key.ts stores. */
export interface SealKey {
  /** PKCS#12 (DER) from generateSealingCertificate. */
  p12: Buffer;
  passphrase: string;
}

/** A sealing key opened once: the PKCS#12 file's key as Node's own, and its certificates. */
interface OpenedSealKey {
  privateKey: KeyObject;
  /** Every certificate in the file, embedded in the signature (the chain, when there is one). */
  certificates: forge.pki.Certificate[];
  /** The certificate of the private key. */
  signerCertificate: forge.pki.Certificate;
  /** Who that certificate names, for the record of each copy. */
  identity: SealIdentity;
}

/** Keys opened lately, by a hash of the file and its passphrase: a server seals with one or two. */
const openedKeys = new Map<string, OpenedSealKey>();
const MOST_KEPT = 4;

/** DigestInfo's DER up to the digest, for SHA-256 (RFC 8017 §9.2, note 1). */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The seal's CMS (adbe.pkcs7.detached), as @signpdf/signer-p12's P12Signer builds it: the same
 * signed attributes in the same order (content type, signing time, message digest), SHA-256, the
 * file's certificates embedded. Two things differ, both for speed (issue 33, item 9): the
 * PKCS#12 file is opened once per key rather than at every seal (its password-based decryption
 * took about 20 ms), and the RSA signature is Node's (OpenSSL) instead of node-forge's JavaScript
 * arithmetic, which took about 90 ms of a 3072-bit key's CPU per copy. The signature is
 * RSASSA-PKCS1-v1_5 either way: the padded DigestInfo, signed with the private key.
 */
export class SealKeySigner extends Signer {
  /** The signature timestamp of the last signature, when an authority was asked (issue 39). */
  timestamp: TimestampToken | undefined;

  constructor(
    private readonly seal: SealKey,
    /** An RFC 3161 authority that stamps the signature value (PAdES B-T's idea), issue 39. */
    private readonly timestampAuthority?: { url: string; timeoutMs: number; now: () => Date },
  ) {
    super();
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const opened = openSealKey(this.seal);
    const message = forge.pkcs7.createSignedData();
    message.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const certificate of opened.certificates) message.addCertificate(certificate);
    message.addSigner({
      key: nodeRsaSigner(opened.privateKey),
      certificate: opened.signerCertificate,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as never },
        // forge fills in the digest of the content.
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    message.sign({ detached: true });
    const cms = Buffer.from(forge.asn1.toDer(message.toAsn1()).getBytes(), 'binary');
    if (!this.timestampAuthority) return cms;
    const { url, ...options } = this.timestampAuthority;
    this.timestamp = await requestTimestamp(url, signatureValueOf(cms), options);
    return addSignatureTimestamp(cms, this.timestamp.token);
  }
}

/**
 * forge's PKCS#7 signer asks its key for `sign(md)` over the signed attributes' digest: here
 * OpenSSL signs the DigestInfo with PKCS#1 v1.5 padding, the bytes forge's own RSA would give.
 */
function nodeRsaSigner(privateKey: KeyObject): forge.pki.rsa.PrivateKey {
  const signer = {
    sign(digest: forge.md.MessageDigest): string {
      const hash = Buffer.from(digest.digest().getBytes(), 'binary');
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO_PREFIX, hash]);
      const signature = privateEncrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
        digestInfo,
      );
      return signature.toString('binary');
    },
  };
  return signer as unknown as forge.pki.rsa.PrivateKey;
}

/** Who a sealing key's certificate names: the subject and issuer each copy records. */
export function sealIdentityOf(seal: SealKey): SealIdentity {
  return openSealKey(seal).identity;
}

function openSealKey(seal: SealKey): OpenedSealKey {
  const id = createHash('sha256')
    .update(seal.p12)
    .update('\0')
    .update(seal.passphrase)
    .digest('hex');
  const known = openedKeys.get(id);
  if (known) return known;
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(seal.p12.toString('binary')),
    false,
    seal.passphrase,
  );
  // A key exported with -keypbe NONE sits in a plain key bag rather than a shrouded one.
  const key = [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!]
    .flatMap((bagType) => p12.getBags({ bagType })[bagType] ?? [])
    .find((bag) => bag.key)?.key;
  if (!key) throw new Error('The sealing key file holds no private key');
  const certificates = (
    p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []
  ).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const signerCertificate = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  });
  if (!signerCertificate) throw new Error('The sealing key file holds no certificate of its key');
  const signerDer = forge.asn1.toDer(forge.pki.certificateToAsn1(signerCertificate)).getBytes();
  const opened: OpenedSealKey = {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificates,
    signerCertificate,
    identity: identityOfCertificate(Buffer.from(signerDer, 'binary')),
  };
  if (openedKeys.size >= MOST_KEPT) openedKeys.delete(openedKeys.keys().next().value!);
  openedKeys.set(id, opened);
  return opened;
}
