import { createHash } from 'node:crypto';
import forge from 'node-forge';

/** What verification needs from a CMS SignedData with one signer, decoded from forge's capture. */
export interface SignerInfo {
  /** Dotted OID of SignerInfo.digestAlgorithm. */
  digestOid: string;
  /** Dotted OID of SignerInfo.signatureAlgorithm (digestEncryptionAlgorithm). */
  signatureOid: string;
  /** The signature over the DER of the signed attributes. */
  signature: Buffer;
  /** DER of the signed attributes re-tagged as a SET OF: the bytes the signature covers. */
  signedAttributesDer: Buffer;
  /** The messageDigest attribute. */
  messageDigest: Buffer;
  /** The signingTime attribute, when present. */
  signingTime?: Date;
  /** The embedded certificate named by the SignerInfo's issuer and serial number. */
  certificate: forge.pki.Certificate;
}

const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest!;
const OID_SIGNING_TIME = forge.pki.oids.signingTime!;

/**
 * Decodes a detached CMS SignedData. Throws on anything malformed or ambiguous (no or several
 * signers, no signed attributes, signer certificate missing).
 */
export function readSignerInfo(der: Buffer): SignerInfo {
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der.toString('binary')));
  if (!('certificates' in message)) {
    throw new Error('not a SignedData');
  }
  // forge types rawCapture as `any`: every field read below is checked before use. With one
  // SignerInfo, forge's validator captures its fields at the top level of rawCapture.
  const capture = (message as { rawCapture?: unknown }).rawCapture as Record<string, unknown>;
  const signerInfos = capture.signerInfos;
  if (!Array.isArray(signerInfos) || signerInfos.length !== 1) {
    throw new Error('expected exactly one signer');
  }

  const attributes = capture.authenticatedAttributes;
  if (!Array.isArray(attributes) || attributes.length === 0) {
    throw new Error('no signed attributes');
  }
  const attributeNodes = attributes as forge.asn1.Asn1[];
  // The signature covers the attributes' DER with the universal SET tag (RFC 5652 §5.4), not the
  // [0] IMPLICIT tag they carry inside SignerInfo: re-wrap before encoding.
  const set = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attributeNodes,
  );
  const signedAttributesDer = binary(forge.asn1.toDer(set).getBytes());

  const messageDigest = attributeValue(attributeNodes, OID_MESSAGE_DIGEST);
  if (!messageDigest || typeof messageDigest.value !== 'string') {
    throw new Error('no messageDigest attribute');
  }
  const time = attributeValue(attributeNodes, OID_SIGNING_TIME);

  return {
    digestOid: forge.asn1.derToOid(bytesField(capture, 'digestAlgorithm')),
    signatureOid: algorithmOid(capture.signatureAlgorithm),
    signature: binary(bytesField(capture, 'signature')),
    signedAttributesDer,
    messageDigest: binary(messageDigest.value),
    ...(time ? { signingTime: asn1Time(time) } : {}),
    certificate: signerCertificate(message.certificates, capture),
  };
}

function signerCertificate(
  certificates: forge.pki.Certificate[],
  capture: Record<string, unknown>,
): forge.pki.Certificate {
  const serialHex = forge.util.bytesToHex(bytesField(capture, 'serial'));
  // forge keeps, per certificate, the SHA-1 of its issuer name's DER: comparing it with the
  // SignerInfo's issuer DER matches names byte for byte, whatever string types they use.
  const issuer = capture.issuer as forge.asn1.Asn1 | undefined;
  if (!issuer) throw new Error('no signer issuer');
  const issuerHash = createHash('sha1')
    .update(binary(forge.asn1.toDer(issuer).getBytes()))
    .digest('hex');
  const found = certificates.find(
    (cert) => cert.serialNumber === serialHex && cert.issuer.hash === issuerHash,
  );
  if (!found) throw new Error('signer certificate not embedded');
  return found;
}

/** The first value of the signed attribute `oid`: Attribute ::= SEQUENCE { type, SET OF value }. */
function attributeValue(attributes: forge.asn1.Asn1[], oid: string): forge.asn1.Asn1 | undefined {
  for (const attribute of attributes) {
    const [type, values] = children(attribute);
    if (!type || typeof type.value !== 'string') continue;
    if (forge.asn1.derToOid(type.value) !== oid) continue;
    return values ? children(values)[0] : undefined;
  }
  return undefined;
}

function algorithmOid(identifier: unknown): string {
  // Captured as the AlgorithmIdentifier's children: [OID, parameters?].
  const oid = Array.isArray(identifier)
    ? (identifier[0] as forge.asn1.Asn1 | undefined)
    : undefined;
  if (!oid || typeof oid.value !== 'string') throw new Error('no signature algorithm');
  return forge.asn1.derToOid(oid.value);
}

function asn1Time(node: forge.asn1.Asn1): Date {
  if (typeof node.value !== 'string') throw new Error('malformed signingTime');
  return node.type === forge.asn1.Type.UTCTIME
    ? forge.asn1.utcTimeToDate(node.value)
    : forge.asn1.generalizedTimeToDate(node.value);
}

function children(node: forge.asn1.Asn1): forge.asn1.Asn1[] {
  return Array.isArray(node.value) ? node.value : [];
}

function bytesField(capture: Record<string, unknown>, name: string): string {
  const value = capture[name];
  if (typeof value !== 'string') throw new Error(`no ${name}`);
  return value;
}

function binary(bytes: string): Buffer {
  return Buffer.from(bytes, 'binary');
}
