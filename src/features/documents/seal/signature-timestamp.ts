import {
  TAG,
  bytesOf,
  childrenOf,
  contentsOf,
  contextTag,
  expectTlv,
  oid,
  readOid,
  readTlv,
  tlv,
  type Tlv,
} from './der.js';
import { OID_SIGNED_DATA } from './timestamp-token.js';

/*
 * The seal's signature timestamp (issue 39): an RFC 3161 token over the signature value, added to
 * the seal's CMS as the unsigned attribute id-aa-signatureTimeStampToken (RFC 3161 appendix A).
 * forge cannot write unsigned attributes (docs/research/039-own-certificate-and-timestamp.md §3.3),
 * so the CMS is rebuilt around its own bytes: every element but the SignerInfos is kept as it is,
 * and the token is spliced in raw, never re-encoded, so the authority's signature still holds.
 */

const OID_SIGNATURE_TIME_STAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';

interface SignerInfoLocation {
  contentType: Tlv;
  signedDataFields: Tlv[];
  signerInfoFields: Tlv[];
}

/** The signature value (SignerInfo.signature's contents): what a signature timestamp stamps. */
export function signatureValueOf(cmsDer: Buffer): Buffer {
  const { signerInfoFields } = locateSignerInfo(cmsDer);
  return contentsOf(cmsDer, signatureOf(signerInfoFields));
}

/**
 * The CMS with `token` as its signer's unsigned attribute ([1] IMPLICIT, after the signature).
 * Takes a detached SignedData with one SignerInfo and no unsigned attributes yet, as
 * cms-signer.ts makes it.
 */
export function addSignatureTimestamp(cmsDer: Buffer, token: Buffer): Buffer {
  if (readTlv(token).end !== token.length) throw new Error('the token is not one DER element');
  const { contentType, signedDataFields, signerInfoFields } = locateSignerInfo(cmsDer);
  // The attribute must follow a signature: refuse a SignerInfo without one.
  signatureOf(signerInfoFields);
  if (signerInfoFields.some((field) => field.tag === contextTag(1))) {
    throw new Error('the signature already has unsigned attributes');
  }
  const attribute = tlv(TAG.SEQUENCE, oid(OID_SIGNATURE_TIME_STAMP_TOKEN), tlv(TAG.SET, token));
  const signerInfo = tlv(
    TAG.SEQUENCE,
    ...signerInfoFields.map((field) => bytesOf(cmsDer, field)),
    tlv(contextTag(1), attribute),
  );
  const signedData = tlv(
    TAG.SEQUENCE,
    ...signedDataFields.slice(0, -1).map((field) => bytesOf(cmsDer, field)),
    tlv(TAG.SET, signerInfo),
  );
  return tlv(TAG.SEQUENCE, bytesOf(cmsDer, contentType), tlv(contextTag(0), signedData));
}

/** The signature timestamp token a CMS carries (its raw bytes), if it carries one. */
export function signatureTimestampOf(cmsDer: Buffer): Buffer | undefined {
  // A PDF's /Contents is zero-padded after the CMS: read only the first element.
  const cms = bytesOf(cmsDer, readTlv(cmsDer));
  const { signerInfoFields } = locateSignerInfo(cms);
  const unsigned = signerInfoFields.find((field) => field.tag === contextTag(1));
  if (!unsigned) return undefined;
  for (const attribute of childrenOf(cms, unsigned)) {
    const [type, values] = childrenOf(cms, attribute);
    if (!type || !values || readOid(contentsOf(cms, type)) !== OID_SIGNATURE_TIME_STAMP_TOKEN) {
      continue;
    }
    const [token] = childrenOf(cms, values);
    return token ? Buffer.from(bytesOf(cms, token)) : undefined;
  }
  return undefined;
}

function locateSignerInfo(cms: Buffer): SignerInfoLocation {
  const contentInfo = expectTlv(cms, 0, TAG.SEQUENCE);
  const [contentType, wrapped] = childrenOf(cms, contentInfo);
  if (!contentType || readOid(contentsOf(cms, contentType)) !== OID_SIGNED_DATA || !wrapped) {
    throw new Error('not a CMS SignedData');
  }
  const signedData = expectTlv(cms, wrapped.start + wrapped.headerLength, TAG.SEQUENCE);
  const signedDataFields = childrenOf(cms, signedData);
  const signerInfos = signedDataFields.at(-1);
  if (!signerInfos || signerInfos.tag !== TAG.SET) throw new Error('no SignerInfos in the CMS');
  const list = childrenOf(cms, signerInfos);
  if (list.length !== 1) throw new Error(`the CMS has ${list.length} signers, not one`);
  const signerInfoFields = childrenOf(cms, list[0]!);
  return { contentType, signedDataFields, signerInfoFields };
}

/** SignerInfo's signature: its only OCTET STRING field (a key-id sid is [0], not 0x04). */
function signatureOf(signerInfoFields: Tlv[]): Tlv {
  const signature = signerInfoFields.find((field) => field.tag === TAG.OCTET_STRING);
  if (!signature) throw new Error('the SignerInfo has no signature');
  return signature;
}
