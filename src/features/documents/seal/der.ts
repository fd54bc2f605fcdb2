/*
 * A tiny DER reader and writer for the seal's CMS and RFC 3161 timestamps (issue 39). It works on
 * byte offsets into the original buffer rather than on a parsed tree, so that bytes signed by
 * someone else (a timestamp token, a certificate) are sliced and spliced as they are and never
 * re-encoded: re-encoding may normalise them and break their signature.
 *
 * Only what DER allows is read: one-byte tags (every tag CMS and RFC 3161 use) and definite
 * lengths. Anything else is a DerError, never a guess.
 */

/** One element: its tag byte and where its header and contents lie in the buffer. */
export interface Tlv {
  tag: number;
  headerLength: number;
  /** Length of the contents. */
  length: number;
  /** Offset of the tag byte. */
  start: number;
  /** Offset just after the contents. */
  end: number;
}

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

/** `[n]` constructed, context-specific: A0, A1, ... */
export const contextTag = (n: number): number => 0xa0 | n;

/** Encodes one element; `body` is its contents, already encoded. */
export function tlv(tag: number, ...body: Buffer[]): Buffer {
  const contents = Buffer.concat(body);
  return Buffer.concat([Buffer.from([tag]), encodeLength(contents.length), contents]);
}

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** Reads the element starting at `offset`; it must end within the buffer. */
export function readTlv(buf: Buffer, offset = 0): Tlv {
  if (offset + 2 > buf.length) throw new DerError(`no element at offset ${offset}`);
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError(`multi-byte tag at offset ${offset}`);
  const first = buf[offset + 1]!;
  let length = first;
  let headerLength = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    // 0x80 is BER's indefinite length; more than 4 length bytes is more than any real file.
    if (count === 0 || count > 4) throw new DerError(`unsupported length at offset ${offset}`);
    if (offset + 2 + count > buf.length) throw new DerError(`truncated length at ${offset}`);
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + buf[offset + 2 + i]!;
    headerLength += count;
  }
  const end = offset + headerLength + length;
  if (end > buf.length) throw new DerError(`element at offset ${offset} runs past the end`);
  return { tag, headerLength, length, start: offset, end };
}

/** Reads the element at `offset` and requires that tag. */
export function expectTlv(buf: Buffer, offset: number, tag: number): Tlv {
  const element = readTlv(buf, offset);
  if (element.tag !== tag) {
    throw new DerError(
      `expected tag 0x${tag.toString(16)} at offset ${offset}, found 0x${element.tag.toString(16)}`,
    );
  }
  return element;
}

/** The elements directly inside a constructed element, which they must fill exactly. */
export function childrenOf(buf: Buffer, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  let offset = parent.start + parent.headerLength;
  while (offset < parent.end) {
    const child = readTlv(buf, offset);
    if (child.end > parent.end) throw new DerError(`element at ${offset} overruns its parent`);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** The whole element's bytes (a view, not a copy). */
export const bytesOf = (buf: Buffer, element: Tlv): Buffer =>
  buf.subarray(element.start, element.end);

/** The element's contents (a view, not a copy). */
export const contentsOf = (buf: Buffer, element: Tlv): Buffer =>
  buf.subarray(element.start + element.headerLength, element.end);

/** An OBJECT IDENTIFIER from its dotted form. */
export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  if (arcs.length < 2 || arcs.some((arc) => !Number.isSafeInteger(arc) || arc < 0)) {
    throw new DerError(`not an OID: ${dotted}`);
  }
  const bytes = [...base128(arcs[0]! * 40 + arcs[1]!)];
  for (const arc of arcs.slice(2)) bytes.push(...base128(arc));
  return tlv(TAG.OID, Buffer.from(bytes));
}

function base128(value: number): number[] {
  const bytes = [value % 128];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) {
    bytes.unshift(0x80 | (rest % 128));
  }
  return bytes;
}

/** The dotted form of an OBJECT IDENTIFIER's contents. */
export function readOid(contents: Buffer): string {
  const values: number[] = [];
  let value = 0;
  for (const byte of contents) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      values.push(value);
      value = 0;
    }
  }
  if (values.length === 0 || contents[contents.length - 1]! & 0x80) {
    throw new DerError('truncated OID');
  }
  const first = values[0]!;
  const top = first < 80 ? Math.floor(first / 40) : 2;
  return [top, first - top * 40, ...values.slice(1)].join('.');
}

/** A non-negative INTEGER from big-endian bytes, in DER's shortest form. */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const digits = bytes.subarray(start);
  const needsSignByte = digits.length === 0 || digits[0]! & 0x80;
  return tlv(TAG.INTEGER, needsSignByte ? Buffer.from([0]) : Buffer.alloc(0), digits);
}

/** The value of a small INTEGER's contents (versions, statuses). */
export function readSmallInteger(contents: Buffer): number {
  if (contents.length === 0 || contents.length > 6) throw new DerError('not a small INTEGER');
  return contents.readIntBE(0, contents.length);
}
