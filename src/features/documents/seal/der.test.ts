import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DerError,
  TAG,
  childrenOf,
  contentsOf,
  oid,
  readOid,
  readTlv,
  tlv,
  unsignedInteger,
  type Tlv,
} from './der.js';

const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tradesign-der-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What `openssl asn1parse -genconf` encodes, as bytes (a file: long values pass no argv limit). */
async function opensslEncodes(genstr: string): Promise<Buffer> {
  const config = path.join(dir, 'gen.cnf');
  const out = path.join(dir, 'gen.der');
  await writeFile(config, `asn1 = ${genstr}\n`);
  await run('openssl', ['asn1parse', '-genconf', config, '-out', out, '-noout']);
  return readFile(out);
}

/** Every element, depth first, as `openssl asn1parse` lists them: it opens constructed ones. */
function walk(buf: Buffer, element: Tlv, depth: number, lines: string[]): void {
  lines.push(`${element.start}:d=${depth} hl=${element.headerLength} l=${element.length}`);
  if (element.tag & 0x20) {
    for (const child of childrenOf(buf, element)) walk(buf, child, depth + 1, lines);
  }
}

describe('der', () => {
  it('reads a certificate element by element exactly where openssl asn1parse finds them', async () => {
    await run(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-outform',
        'DER',
        '-out',
        'cert.der',
        '-subj',
        '/O=Test Trust/CN=A name long enough for long-form lengths',
        '-days',
        '1',
      ],
      { cwd: dir },
    );
    const certificate = await readFile(path.join(dir, 'cert.der'));
    const { stdout } = await run('openssl', [
      'asn1parse',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'cert.der'),
    ]);
    const expected = stdout
      .trim()
      .split('\n')
      .map((line) => {
        const match = /^\s*(\d+):d=(\d+)\s+hl=(\d+)\s+l=\s*(\d+)/.exec(line);
        return match ? `${match[1]}:d=${match[2]} hl=${match[3]} l=${match[4]}` : line;
      });
    const lines: string[] = [];
    const root = readTlv(certificate, 0);
    walk(certificate, root, 0, lines);

    expect(root.end).toBe(certificate.length);
    expect(lines).toEqual(expected);
    expect(expected.length).toBeGreaterThan(20);
  });

  it('writes short and long lengths as openssl does', async () => {
    for (const size of [1, 127, 128, 200, 255, 256, 300, 70_000]) {
      const body = Buffer.alloc(size, 0xab);
      const genstr = `FORMAT:HEX,OCTETSTRING:${body.toString('hex')}`;
      expect(tlv(TAG.OCTET_STRING, body).equals(await opensslEncodes(genstr)), `${size}`).toBe(
        true,
      );
    }
    const large = tlv(TAG.OCTET_STRING, Buffer.alloc(70_000));
    expect(readTlv(large)).toMatchObject({ headerLength: 5, length: 70_000, end: large.length });
  });

  it('writes and reads object identifiers as openssl does', async () => {
    for (const dotted of ['1.2.840.113549.1.9.16.2.14', '2.16.840.1.101.3.4.2.1', '2.999.3']) {
      const encoded = oid(dotted);
      expect(encoded.equals(await opensslEncodes(`OID:${dotted}`)), dotted).toBe(true);
      expect(readOid(contentsOf(encoded, readTlv(encoded)))).toBe(dotted);
    }
  });

  it('writes non-negative integers in their shortest form, with a sign byte when needed', async () => {
    expect(unsignedInteger(Buffer.from('000001', 'hex')).toString('hex')).toBe('020101');
    expect(unsignedInteger(Buffer.from('80', 'hex')).toString('hex')).toBe('02020080');
    expect(unsignedInteger(Buffer.from('00', 'hex')).toString('hex')).toBe('020100');
    const nonce = Buffer.from('f1e2d3c4b5a69788', 'hex');
    expect(unsignedInteger(nonce).equals(await opensslEncodes('INTEGER:0xF1E2D3C4B5A69788'))).toBe(
      true,
    );
  });

  it('refuses what DER does not allow rather than guessing', () => {
    // BER's indefinite length.
    expect(() => readTlv(Buffer.from('30800201010000', 'hex'))).toThrow(DerError);
    // A length that runs past the end.
    expect(() => readTlv(Buffer.from('300502010100', 'hex'))).toThrow(/runs past the end/);
    // A child that overruns its parent.
    const lying = Buffer.from('3003020201ff', 'hex');
    expect(() => childrenOf(lying, readTlv(lying))).toThrow(DerError);
  });
});
