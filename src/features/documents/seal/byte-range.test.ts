import { describe, expect, it } from 'vitest';
import { findLastByteRange, rangeIsWellFormed, readSignatureContents } from './byte-range.js';

/** A fake file: prefix, then `/Contents <hex>`, then suffix, with a matching byte range. */
function fakeSigned(hex: string, key = '/Contents ') {
  const head = `%PDF-1.7\n/ByteRange [0 AAAA BBBB CCCC]\n${key}`;
  const tail = '\n%%EOF\n';
  const start = head.length;
  const end = start + hex.length + 2;
  const text = `${head}<${hex}>${tail}`
    .replace('AAAA', String(start).padStart(4, '0'))
    .replace('BBBB', String(end).padStart(4, '0'))
    .replace('CCCC', String(tail.length).padStart(4, '0'));
  return Buffer.from(text, 'latin1');
}

describe('byte-range', () => {
  it('keeps a DER whose last byte is zero (trailing zeros are not all padding)', () => {
    // SEQUENCE { INTEGER 0 } = 30 03 02 01 00, then the placeholder's zero padding.
    const pdf = fakeSigned('3003020100' + '00'.repeat(8));
    const location = findLastByteRange(pdf)!;
    expect(rangeIsWellFormed(location.range, pdf.length)).toBe(true);
    const contents = readSignatureContents(pdf, location.range);
    expect(contents?.der.toString('hex')).toBe('3003020100');
    expect(contents?.gapIsContents).toBe(true);
  });

  it('notices when the unsigned gap is not the /Contents value', () => {
    const pdf = fakeSigned('3003020100', '/Title ');
    const contents = readSignatureContents(pdf, findLastByteRange(pdf)!.range);
    expect(contents?.gapIsContents).toBe(false);
  });

  it('rejects a truncated DER and an unfilled placeholder', () => {
    const truncated = fakeSigned('30820400' + '00'.repeat(4));
    expect(readSignatureContents(truncated, findLastByteRange(truncated)!.range)).toBeNull();

    const placeholder = Buffer.from('/ByteRange [0 /********** /********** /**********]');
    const location = findLastByteRange(placeholder)!;
    expect(rangeIsWellFormed(location.range, placeholder.length)).toBe(false);
  });

  it('reads the last of several signatures', () => {
    const pdf = Buffer.concat([Buffer.from('/ByteRange [0 1 2 3]\n'), fakeSigned('3000')]);
    expect(findLastByteRange(pdf)?.range[0]).toBe(0);
    expect(findLastByteRange(pdf)?.position).toBeGreaterThan(0);
    expect(findLastByteRange(Buffer.from('%PDF-1.7\n%%EOF'))).toBeNull();
  });
});
