import { X509Certificate, createHash, verify } from 'node:crypto';
import {
  TAG,
  bytesOf,
  childrenOf,
  contentsOf,
  contextTag,
  expectTlv,
  readOid,
  readSmallInteger,
  type Tlv,
} from './der.js';
import { TimestampInvalidError } from './timestamp-errors.js';
import { certificateFields, directoryNameOf, formatName } from './x509-fields.js';

/*
 * Reading and checking an RFC 3161 timestamp token (a CMS SignedData over a TSTInfo) with the DER
 * reader and Node's crypto, so that any key algorithm a TSA uses verifies. forge cannot help:
 * its PKCS#7 reader refuses any content type but id-data.
 * docs/research/039-own-certificate-and-timestamp.md §3 has the structures.
 */

export const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
export const OID_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const OID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const OID_RSASSA_PSS = '1.2.840.113549.1.1.10';

/** Digest algorithms a token may use, by OID, as Node's crypto names them. */
export const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
export const OID_SHA256 = '2.16.840.1.101.3.4.2.1';

/** What a token says, for the seal record and the verifier. */
export interface TimestampTokenFacts {
  genTime: Date;
  /** TSTInfo.tsa's directory name as "CN=..., O=...", else the TSA certificate's subject. */
  authority: string;
  /** The hash the authority stamped (SHA-256 of the signature value, for a seal). */
  imprint: Buffer;
}

interface ParsedToken extends TimestampTokenFacts {
  imprintAlgorithm: string;
  /** The nonce's INTEGER contents, when the token has one. */
  nonce?: Buffer;
  /** TSTInfo's DER: what the messageDigest attribute hashes. */
  tstInfo: Buffer;
  signer: {
    digestAlgorithm: string;
    signatureAlgorithm: string;
    /** The signed attributes as they are in the token ([0] IMPLICIT, tag A0). */
    signedAttributes: Buffer;
    signature: Buffer;
    certificate: Buffer;
  };
}

/** Thrown by the parser; the callers say which token or authority it was. */
const invalid = (reason: string) =>
  new TimestampInvalidError(`the timestamp token is not valid: ${reason}`, reason);

/** The facts of a token, without checking its signature (see verifyTimestampToken). */
export function readTimestampToken(token: Buffer): TimestampTokenFacts {
  const { genTime, authority, imprint } = parseToken(token);
  return { genTime, authority, imprint };
}

/**
 * Checks that the token stamps `imprint` (and carries `nonce`, when given), that its signature
 * verifies with the certificate it embeds, and that this certificate is a timestamping one valid
 * at `at` (default: the token's own time). It does not check who issued the TSA's certificate:
 * trust in the authority is left to readers and `openssl ts -verify`.
 */
export function verifyTimestampToken(
  token: Buffer,
  expected: { imprint: Buffer; nonce?: Buffer; at?: Date },
): TimestampTokenFacts & { nonce?: Buffer } {
  try {
    return checkToken(token, expected);
  } catch (error) {
    // A certificate or key Node cannot read throws its own error: it is a bad token all the same,
    // so the copy falls back as for any other (executed-copy.ts), never failing for good.
    if (error instanceof TimestampInvalidError) throw error;
    throw invalid(`it cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

/*
 * The authority's time must agree with this server's within this: the app does not anchor the
 * authority's certificate (docs/decisions/051), so a token made up on the way over plain http
 * could otherwise date a seal at any time its maker liked.
 */
const MOST_CLOCK_DIFFERENCE_MS = 5 * 60 * 1000;

function checkToken(
  token: Buffer,
  expected: { imprint: Buffer; nonce?: Buffer; at?: Date },
): TimestampTokenFacts & { nonce?: Buffer } {
  const parsed = parseToken(token);
  if (
    expected.at &&
    Math.abs(parsed.genTime.getTime() - expected.at.getTime()) > MOST_CLOCK_DIFFERENCE_MS
  ) {
    throw invalid(
      `its time ${parsed.genTime.toISOString()} is more than 5 minutes from this server's clock`,
    );
  }
  if (parsed.imprintAlgorithm !== OID_SHA256) throw invalid('it is not over a SHA-256 hash');
  if (!parsed.imprint.equals(expected.imprint)) {
    throw invalid('it stamps another hash than the one sent');
  }
  if (expected.nonce && !(parsed.nonce && sameUnsigned(parsed.nonce, expected.nonce))) {
    throw invalid('its nonce is not the one sent');
  }
  checkSignature(parsed);
  const certificate = new X509Certificate(parsed.signer.certificate);
  if (!(certificate.keyUsage ?? []).includes(OID_KP_TIME_STAMPING)) {
    throw invalid('its certificate is not for timestamping');
  }
  const at = expected.at ?? parsed.genTime;
  if (at < new Date(certificate.validFrom) || at > new Date(certificate.validTo)) {
    throw invalid(`its certificate is not valid on ${at.toISOString()}`);
  }
  const { genTime, authority, imprint, nonce } = parsed;
  return { genTime, authority, imprint, ...(nonce ? { nonce } : {}) };
}

function checkSignature({ tstInfo, signer }: ParsedToken): void {
  const hash = DIGESTS[signer.digestAlgorithm];
  if (!hash) throw invalid(`unsupported digest algorithm ${signer.digestAlgorithm}`);
  if (signer.signatureAlgorithm === OID_RSASSA_PSS) {
    throw invalid('RSASSA-PSS signatures are not supported');
  }
  const attributes = signedAttributesOf(signer.signedAttributes);
  const contentType = attributes.get(OID_CONTENT_TYPE);
  if (!contentType || readOid(contentType) !== OID_TST_INFO) {
    throw invalid('its signed content type is not TSTInfo');
  }
  const digest = createHash(hash).update(tstInfo).digest();
  if (!attributes.get(OID_MESSAGE_DIGEST)?.equals(digest)) {
    throw invalid('its message digest does not match its content');
  }
  // The signature covers the attributes encoded as a SET OF (RFC 5652 §5.4), not as [0].
  const signed = Buffer.from(signer.signedAttributes);
  signed[0] = TAG.SET;
  const publicKey = new X509Certificate(signer.certificate).publicKey;
  // Ed25519 and Ed448 hash internally: Node takes no digest name for them.
  const digestName = publicKey.asymmetricKeyType?.startsWith('ed') ? null : hash;
  if (!verify(digestName, signed, publicKey, signer.signature)) {
    throw invalid('its signature does not verify');
  }
}

/** Each signed attribute's first value's contents, by attribute type. */
function signedAttributesOf(der: Buffer): Map<string, Buffer> {
  const attributes = new Map<string, Buffer>();
  for (const attribute of childrenOf(der, expectTlv(der, 0, contextTag(0)))) {
    const [type, values] = childrenOf(der, attribute);
    const value = values && childrenOf(der, values)[0];
    if (type && value) attributes.set(readOid(contentsOf(der, type)), contentsOf(der, value));
  }
  return attributes;
}

/** Whether two big-endian unsigned numbers are equal, whatever their leading zero bytes. */
function sameUnsigned(a: Buffer, b: Buffer): boolean {
  const strip = (bytes: Buffer) => bytes.subarray(bytes.findIndex((byte) => byte !== 0));
  const allZero = (bytes: Buffer) => bytes.every((byte) => byte === 0);
  if (allZero(a) || allZero(b)) return allZero(a) && allZero(b);
  return strip(a).equals(strip(b));
}

function parseToken(token: Buffer): ParsedToken {
  try {
    return parseTokenStrictly(token);
  } catch (error) {
    if (error instanceof TimestampInvalidError) throw error;
    throw invalid(`it cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

function parseTokenStrictly(token: Buffer): ParsedToken {
  const contentInfo = expectTlv(token, 0, TAG.SEQUENCE);
  if (contentInfo.end !== token.length) throw invalid('it has bytes after its end');
  const [contentType, wrapped] = childrenOf(token, contentInfo);
  if (!contentType || readOid(contentsOf(token, contentType)) !== OID_SIGNED_DATA || !wrapped) {
    throw invalid('it is not a CMS SignedData');
  }
  const signedData = expectTlv(token, wrapped.start + wrapped.headerLength, TAG.SEQUENCE);
  const fields = childrenOf(token, signedData);
  const encapsulated = fields[2];
  const signerInfos = fields.at(-1);
  if (!encapsulated || !signerInfos || signerInfos.tag !== TAG.SET) {
    throw invalid('it is not a CMS SignedData');
  }
  const [eContentType, eContent] = childrenOf(token, encapsulated);
  if (!eContentType || readOid(contentsOf(token, eContentType)) !== OID_TST_INFO || !eContent) {
    throw invalid('its content is not a TSTInfo');
  }
  // DER has the content as one primitive OCTET STRING.
  const octets = expectTlv(token, eContent.start + eContent.headerLength, TAG.OCTET_STRING);
  const tstInfo = contentsOf(token, octets);
  const certificates = fields
    .filter((field) => field.tag === contextTag(0))
    .flatMap((set) => childrenOf(token, set))
    .filter((certificate) => certificate.tag === TAG.SEQUENCE)
    .map((certificate) => bytesOf(token, certificate));
  const signerInfoList = childrenOf(token, signerInfos);
  if (signerInfoList.length !== 1) throw invalid('it does not have exactly one signer');
  const signer = readSignerInfo(token, signerInfoList[0]!, certificates);
  const facts = readTstInfo(tstInfo);
  const tsaCertificateSubject = certificateFields(signer.certificate).subject;
  return {
    ...facts,
    authority: oneShortLine(facts.tsaName ?? tsaCertificateSubject),
    tstInfo,
    signer,
  };
}

function readSignerInfo(buf: Buffer, signerInfo: Tlv, certificates: Buffer[]) {
  const [, sid, digestAlgorithm, ...rest] = childrenOf(buf, signerInfo);
  const signedAttributes = rest.find((field) => field.tag === contextTag(0));
  const signatureAlgorithm = rest.find((field) => field.tag === TAG.SEQUENCE);
  const signature = rest.find((field) => field.tag === TAG.OCTET_STRING);
  if (!sid || !digestAlgorithm || !signedAttributes || !signatureAlgorithm || !signature) {
    throw invalid('its signer information is incomplete');
  }
  const certificate = certificates.find((candidate) => identifies(buf, sid, candidate));
  if (!certificate) throw invalid('it does not carry its signing certificate');
  return {
    digestAlgorithm: algorithmOf(buf, digestAlgorithm),
    signatureAlgorithm: algorithmOf(buf, signatureAlgorithm),
    signedAttributes: bytesOf(buf, signedAttributes),
    signature: contentsOf(buf, signature),
    certificate,
  };
}

/** Whether a SignerIdentifier (issuerAndSerialNumber, or [0] subjectKeyIdentifier) names it. */
function identifies(buf: Buffer, sid: Tlv, certificate: Buffer): boolean {
  const fields = certificateFields(certificate);
  if (sid.tag === 0x80) return fields.subjectKeyIdentifier?.equals(contentsOf(buf, sid)) ?? false;
  const [issuer, serialNumber] = childrenOf(buf, sid);
  return (
    !!issuer &&
    !!serialNumber &&
    bytesOf(buf, issuer).equals(fields.issuer) &&
    bytesOf(buf, serialNumber).equals(fields.serialNumber)
  );
}

function algorithmOf(buf: Buffer, algorithmIdentifier: Tlv): string {
  const id = childrenOf(buf, algorithmIdentifier)[0];
  if (!id) throw invalid('an algorithm is missing');
  return readOid(contentsOf(buf, id));
}

/** TSTInfo (RFC 3161 §2.4.2): version, policy, messageImprint, serialNumber, genTime, ... */
function readTstInfo(der: Buffer) {
  const [version, , messageImprint, , genTime, ...optional] = childrenOf(
    der,
    expectTlv(der, 0, TAG.SEQUENCE),
  );
  if (!version || readSmallInteger(contentsOf(der, version)) !== 1) {
    throw invalid('its TSTInfo is not version 1');
  }
  if (!messageImprint || !genTime || genTime.tag !== 0x18) throw invalid('its TSTInfo is cut');
  const [algorithm, hashed] = childrenOf(der, messageImprint);
  if (!algorithm || !hashed) throw invalid('its message imprint is cut');
  const nonce = optional.find((field) => field.tag === TAG.INTEGER);
  const tsa = optional.find((field) => field.tag === contextTag(0));
  // tsa is [0] EXPLICIT GeneralName (a CHOICE); only a directoryName reads as a name.
  const generalName = tsa && childrenOf(der, tsa)[0];
  const directoryName = generalName && directoryNameOf(der, generalName);
  return {
    genTime: readGeneralizedTime(contentsOf(der, genTime).toString('latin1')),
    imprintAlgorithm: algorithmOf(der, algorithm),
    imprint: contentsOf(der, hashed),
    ...(nonce ? { nonce: contentsOf(der, nonce) } : {}),
    tsaName: directoryName ? formatName(der, directoryName) : undefined,
  };
}

/** GeneralizedTime as RFC 3161 requires it: UTC ("Z"), optional fraction of a second. */
function readGeneralizedTime(text: string): Date {
  const match = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(?:\.(\d+))?Z$/.exec(text);
  if (!match) throw invalid('its time is not a UTC GeneralizedTime');
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map(Number);
  const milliseconds = match[7] ? Math.floor(Number(`0.${match[7]}`) * 1000) : 0;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds));
}

/*
 * The authority's name is its own words: printed on the certificate, stored and shown at /verify
 * and by doctor, so no control character or newline, and no more than 200 characters.
 */
function oneShortLine(text: string): string {
  const line = text.replace(/\p{Cc}+/gu, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
