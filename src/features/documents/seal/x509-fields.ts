import {
  DerError,
  TAG,
  bytesOf,
  childrenOf,
  contentsOf,
  contextTag,
  expectTlv,
  readOid,
  readTlv,
  type Tlv,
} from './der.js';

/*
 * The few raw fields of an X.509 certificate that CMS refers to by bytes (issuer and serial, the
 * subject key identifier), and names formatted for people. Node's X509Certificate does the rest
 * (public key, validity, extended key usage) for any key algorithm.
 */

export interface CertificateFields {
  /** The issuer Name's DER, compared byte for byte with a SignerInfo's issuerAndSerialNumber. */
  issuer: Buffer;
  /** The serial number INTEGER's DER. */
  serialNumber: Buffer;
  /** The subject, as "CN=..., O=..." (see formatName). */
  subject: string;
  /** The subjectKeyIdentifier extension's key id, when there is one. */
  subjectKeyIdentifier?: Buffer;
}

const OID_SUBJECT_KEY_IDENTIFIER = '2.5.29.14';

export function certificateFields(certificate: Buffer): CertificateFields {
  const outer = expectTlv(certificate, 0, TAG.SEQUENCE);
  const tbs = childrenOf(certificate, outer)[0];
  if (!tbs || tbs.tag !== TAG.SEQUENCE) throw new DerError('not a certificate');
  const fields = childrenOf(certificate, tbs);
  // version [0] EXPLICIT is absent from v1 certificates.
  const rest = fields[0]?.tag === contextTag(0) ? fields.slice(1) : fields;
  const [serialNumber, , issuer, , subject] = rest;
  if (!serialNumber || !issuer || !subject) throw new DerError('not a certificate');
  const extensions = rest.find((field) => field.tag === contextTag(3));
  const subjectKeyIdentifier = extensions && readSubjectKeyIdentifier(certificate, extensions);
  return {
    issuer: bytesOf(certificate, issuer),
    serialNumber: bytesOf(certificate, serialNumber),
    subject: formatName(certificate, subject),
    ...(subjectKeyIdentifier ? { subjectKeyIdentifier } : {}),
  };
}

function readSubjectKeyIdentifier(certificate: Buffer, extensions: Tlv): Buffer | undefined {
  const list = childrenOf(certificate, extensions)[0];
  if (!list) return undefined;
  for (const extension of childrenOf(certificate, list)) {
    const [id, ...others] = childrenOf(certificate, extension);
    if (!id || readOid(contentsOf(certificate, id)) !== OID_SUBJECT_KEY_IDENTIFIER) continue;
    const value = others.at(-1);
    if (!value) return undefined;
    // extnValue is an OCTET STRING holding the DER of the KeyIdentifier, itself an OCTET STRING.
    const inner = contentsOf(certificate, value);
    return contentsOf(inner, expectTlv(inner, 0, TAG.OCTET_STRING));
  }
  return undefined;
}

const ATTRIBUTE_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

/**
 * A Name (RDNSequence) for display, most specific first as RFC 4514 writes it:
 * "CN=Test TSA, O=Test Trust". Values are not escaped: this is for reading, not for parsing.
 */
export function formatName(buf: Buffer, name: Tlv): string {
  return childrenOf(buf, name)
    .map((rdn) =>
      childrenOf(buf, rdn)
        .map((attribute) => {
          const [type, value] = childrenOf(buf, attribute);
          if (!type || !value) throw new DerError('malformed name attribute');
          const dotted = readOid(contentsOf(buf, type));
          return `${ATTRIBUTE_NAMES[dotted] ?? dotted}=${readString(buf, value)}`;
        })
        .join('+'),
    )
    .reverse()
    .join(', ');
}

function readString(buf: Buffer, value: Tlv): string {
  const contents = contentsOf(buf, value);
  switch (value.tag) {
    case 0x0c: // UTF8String
      return contents.toString('utf8');
    case 0x1e: // BMPString: UTF-16 big-endian
      return Buffer.from(contents).swap16().toString('utf16le');
    case 0x13: // PrintableString
    case 0x16: // IA5String
    case 0x14: // TeletexString, read as Latin-1 as most software does
      return contents.toString('latin1');
    default:
      return `#${bytesOf(buf, value).toString('hex')}`;
  }
}

/** The Name inside a GeneralName's directoryName ([4]), or undefined for the other forms. */
export function directoryNameOf(buf: Buffer, generalName: Tlv): Tlv | undefined {
  if (generalName.tag !== contextTag(4)) return undefined;
  const name = readTlv(buf, generalName.start + generalName.headerLength);
  return name.tag === TAG.SEQUENCE ? name : undefined;
}
