/**
 * Finding a signature in a PDF's raw bytes, the way signature validators do: by its /ByteRange
 * rather than through a full PDF parse. The byte range is itself signed, so reading it textually
 * is safe: a forged range fails the digest check.
 */

export interface ByteRangeLocation {
  /** [offset1, length1, offset2, length2]: the two signed spans. */
  range: [number, number, number, number];
  /** Offset of the /ByteRange token (for error messages and tests). */
  position: number;
}

export interface SignatureContents {
  /** The CMS DER bytes, without the zero padding of the placeholder. */
  der: Buffer;
  /** True when the gap between the two spans is exactly the `/Contents <hex>` string. */
  gapIsContents: boolean;
}

const BYTE_RANGE_TOKEN = '/ByteRange';
const BYTE_RANGE_PATTERN = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/;

/** The last /ByteRange of the file (the latest signature), or null when there is none. */
export function findLastByteRange(pdf: Uint8Array): ByteRangeLocation | null {
  const bytes = asBuffer(pdf);
  const position = bytes.lastIndexOf(BYTE_RANGE_TOKEN);
  if (position === -1) return null;
  // 100 bytes covers four 10-digit numbers and the padding signpdf leaves after them.
  const text = bytes.subarray(position, position + 100).toString('latin1');
  const match = BYTE_RANGE_PATTERN.exec(text);
  if (!match) {
    // An unfilled placeholder (`/ByteRange [0 /********** ...]`) or garbage: a signature was
    // started but is not readable, which callers treat as malformed rather than absent.
    return { range: [-1, -1, -1, -1], position };
  }
  const [, a, b, c, d] = match.map(Number) as [number, number, number, number, number];
  return { range: [a, b, c, d], position };
}

/** True when the spans lie inside the file, in order, with a gap between them. */
export function rangeIsWellFormed(range: ByteRangeLocation['range'], fileLength: number): boolean {
  const [a, b, c, d] = range;
  return a >= 0 && b > 0 && c > a + b && d >= 0 && c + d <= fileLength;
}

/**
 * The signature between the two spans: `<hex>`, zero-padded by the signer. Returns null when the
 * gap is not a hex string or its DER is truncated.
 */
export function readSignatureContents(
  pdf: Uint8Array,
  range: ByteRangeLocation['range'],
): SignatureContents | null {
  const bytes = asBuffer(pdf);
  const [a, b, c] = range;
  const gap = bytes.subarray(a + b, c).toString('latin1');
  if (!/^<[0-9A-Fa-f\s]*>$/.test(gap)) return null;
  const padded = Buffer.from(gap.slice(1, -1).replace(/\s+/g, ''), 'hex');

  // The DER's own length says where it ends. Stripping trailing zeros instead would cut a
  // signature whose last byte happens to be 0x00 (one seal in 256).
  const length = derLength(padded);
  if (length === null || length > padded.length) return null;
  return { der: padded.subarray(0, length), gapIsContents: precededByContentsKey(bytes, a + b) };
}

/** The two signed spans, concatenated: what the signer hashed. */
export function signedBytes(pdf: Uint8Array, range: ByteRangeLocation['range']): Buffer {
  const bytes = asBuffer(pdf);
  const [a, b, c, d] = range;
  return Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
}

/** Total length (header included) of the DER element at the start of `der`. */
function derLength(der: Buffer): number | null {
  const first = der[1];
  if (der[0] === undefined || first === undefined) return null;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  // Indefinite lengths (0x80) are BER, not DER; more than 4 length bytes is absurd here.
  if (count === 0 || count > 4 || der.length < 2 + count) return null;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + der[2 + i]!;
  return 2 + count + length;
}

/*
 * Whether the hex string is the value of a /Contents key. Without this a crafted /ByteRange could
 * leave some other bytes (a page's text) out of the signed spans while the digest still matched.
 */
function precededByContentsKey(bytes: Buffer, hexStart: number): boolean {
  const before = bytes.subarray(Math.max(0, hexStart - 64), hexStart).toString('latin1');
  return /\/Contents\s*$/.test(before);
}

function asBuffer(pdf: Uint8Array): Buffer {
  return Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
