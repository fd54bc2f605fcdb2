import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { pdfsig } from '../../../test/pdfsig.js';
import {
  AlreadySealedError,
  generateSealingCertificate,
  isIntactSeal,
  loadSealingCertificate,
  sealPdf,
  verifySealedPdf,
  type SealingCertificate,
} from './index.js';
import { SealKeySigner } from './cms-signer.js';

const COMMON_NAME = 'TradeSign document seal (contracts.example.com)';
const PAGE_TEXT = ['Roof replacement at 12 Elm Street', 'Scope of work', 'Signatures'];
const INFO = {
  reason: 'Executed contract #42',
  location: 'contracts.example.com',
  contactInfo: 'support@contracts.example.com',
  name: 'TradeSign',
};

// Key generation takes about a second: one certificate and one sealed file for the whole file.
let seal: SealingCertificate;
let unsealed: Uint8Array;
let sealed: Buffer;

beforeAll(async () => {
  seal = generateSealingCertificate(COMMON_NAME);
  unsealed = await threePagePdf();
  sealed = (await sealPdf(unsealed, seal, INFO)).bytes;
});

async function threePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Contract 42');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [index, text] of PAGE_TEXT.entries()) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${index + 1}: ${text}`, { x: 72, y: 700, size: 14, font });
  }
  return doc.save();
}

/** The sealed file's /ByteRange, read independently of the code under test. */
function byteRange(pdf: Buffer): [number, number, number, number] {
  const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)/.exec(pdf.toString('latin1'));
  if (!match) throw new Error('no ByteRange');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

function withByteFlipped(pdf: Buffer, offset: number): Buffer {
  const copy = Buffer.from(pdf);
  copy[offset] = copy[offset]! ^ 0x01;
  return copy;
}

describe('sealing certificate', () => {
  it('is a self-signed document-signing certificate that opens with its passphrase', () => {
    const info = loadSealingCertificate(seal.p12, seal.passphrase);
    expect(info).toEqual({
      fingerprintSha256: seal.fingerprintSha256,
      subjectCommonName: COMMON_NAME,
      notAfter: seal.notAfter,
    });

    // Cross-check with Node's own X.509 parser.
    const pfx = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(seal.p12.toString('binary')),
      seal.passphrase,
    );
    const cert = pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!]?.[0]
      ?.cert;
    const x509 = new X509Certificate(
      Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert!)).getBytes(), 'binary'),
    );
    expect(x509.subject).toContain(`CN=${COMMON_NAME}`);
    expect(x509.subject).toContain('O=TradeSign');
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.fingerprint256.replaceAll(':', '').toLowerCase()).toBe(seal.fingerprintSha256);
    expect(x509.keyUsage).toContain('1.3.6.1.5.5.7.3.4'); // emailProtection (Node lists EKUs)
    expect(x509.ca).toBe(false);
    expect(parseInt(x509.serialNumber.slice(0, 2), 16)).toBeLessThan(0x80);
    expect(x509.verify(x509.publicKey)).toBe(true);
    const years = (Date.parse(x509.validTo) - Date.now()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);
    expect(Date.parse(x509.validFrom)).toBeLessThan(Date.now() - 23 * 3600 * 1000);
  });

  it('refuses a wrong passphrase or a file that is not PKCS#12 with a clear error', () => {
    expect(() => loadSealingCertificate(seal.p12, 'not the passphrase')).toThrow(
      /Cannot open the sealing certificate: wrong passphrase/,
    );
    expect(() => loadSealingCertificate(Buffer.from('not a p12'), seal.passphrase)).toThrow(
      /Cannot open the sealing certificate/,
    );
  });
});

describe('sealPdf', () => {
  it('signs the whole file with an adbe.pkcs7.detached signature', () => {
    const text = sealed.toString('latin1');
    expect(text).toContain('/Type /Sig');
    expect(text).toContain('/SubFilter /adbe.pkcs7.detached');
    expect(text).toContain('(Executed contract #42)');

    const result = verifySealedPdf(sealed);
    expect(result).toMatchObject({
      valid: true,
      coversWholeFile: true,
      signerCommonName: COMMON_NAME,
      signerFingerprintSha256: seal.fingerprintSha256,
    });
    expect(result.reason).toBeUndefined();
    expect(Math.abs(Date.parse(result.signedAt!) - Date.now())).toBeLessThan(60_000);
    expect(isIntactSeal(result, seal.fingerprintSha256)).toBe(true);
    expect(isIntactSeal(result, 'ab'.repeat(32))).toBe(false);
  });

  it('writes the same signature, byte for byte, as @signpdf’s PKCS#12 signer', async () => {
    // Its own signer opens the key once and signs with OpenSSL (cms-signer.ts); what it writes
    // must not change: the same attributes, certificates and RSA PKCS#1 v1.5 value.
    const content = Buffer.from(unsealed);
    const at = new Date('2026-11-26T15:04:05Z');
    const theirs = await new P12Signer(seal.p12, { passphrase: seal.passphrase }).sign(content, at);
    const ours = await new SealKeySigner(seal).sign(content, at);
    expect(ours.toString('hex')).toBe(theirs.toString('hex'));
  });

  it('is a valid signature over the whole file for poppler’s pdfsig too', async () => {
    const report = await pdfsig(sealed);
    expect(report.signatureCount, report.output).toBe(1);
    const [start, firstLength, secondStart, secondLength] = byteRange(sealed);
    expect(report.signatures[0]).toMatchObject({
      signerCommonName: COMMON_NAME,
      signerDistinguishedName: `CN=${COMMON_NAME},O=TradeSign`,
      hashAlgorithm: 'SHA-256',
      signatureType: 'adbe.pkcs7.detached',
      // Everything but the signature's own /Contents, up to the last byte of the file.
      signedRanges: [
        [start, start + firstLength],
        [secondStart, secondStart + secondLength],
      ],
      totalDocumentSigned: true,
      signatureValidation: 'Signature is Valid.',
      // The seal is self-signed: no trusted issuer vouches for it (see verify-seal.ts).
      certificateValidation: 'Certificate issuer is unknown.',
    });
    expect(start).toBe(0);
    expect(secondStart + secondLength).toBe(sealed.length);
    const signedAt = Date.parse(`${report.signatures[0]?.signingTime ?? ''} UTC`);
    expect(Math.abs(signedAt - Date.now())).toBeLessThan(60_000);
  });

  it('leaves every page and its text readable', async () => {
    const { text, pages } = await pdfText(sealed);
    expect(pages).toBe(3);
    for (const [index, line] of PAGE_TEXT.entries()) {
      expect(text).toContain(`Page ${index + 1}: ${line}`);
    }
  });

  it('refuses to seal a file that is already signed', async () => {
    await expect(sealPdf(sealed, seal, INFO)).rejects.toThrow(AlreadySealedError);
  });
});

describe('verifySealedPdf', () => {
  it('reports a PDF without a signature', async () => {
    expect(verifySealedPdf(unsealed)).toEqual({
      valid: false,
      reason: 'no signature',
      coversWholeFile: false,
    });
    expect(await pdfsig(unsealed)).toMatchObject({ signatureCount: 0, signatures: [] });
  });

  it('detects one changed byte in a page dictionary', async () => {
    // '612' becomes '613': the first page grows by a point.
    const mediaBox = sealed.indexOf('/MediaBox [ 0 0 612 792 ]');
    expect(mediaBox).toBeGreaterThan(0);
    const altered = withByteFlipped(sealed, mediaBox + '/MediaBox [ 0 0 61'.length);
    const result = verifySealedPdf(altered);
    expect(result).toMatchObject({ valid: false, reason: 'digest mismatch' });
    expect(isIntactSeal(result, seal.fingerprintSha256)).toBe(false);
    expect((await pdfsig(altered)).signatures).toMatchObject([
      { signatureValidation: 'Digest Mismatch.' },
    ]);
  });

  it('detects one changed byte in the signature dictionary', async () => {
    const reason = sealed.indexOf('(Executed contract #42)');
    expect(reason).toBeGreaterThan(0);
    const altered = withByteFlipped(sealed, reason + 1);
    expect(verifySealedPdf(altered)).toMatchObject({
      valid: false,
      reason: 'digest mismatch',
    });
    expect((await pdfsig(altered)).signatures).toMatchObject([
      { signatureValidation: 'Digest Mismatch.' },
    ]);
  });

  it('detects one changed byte inside a page content stream', async () => {
    const [, firstLength] = byteRange(sealed);
    const stream = sealed.indexOf('stream\n');
    expect(stream).toBeGreaterThan(0);
    expect(stream + 20).toBeLessThan(firstLength);
    const altered = withByteFlipped(sealed, stream + 20);
    expect(verifySealedPdf(altered)).toMatchObject({
      valid: false,
      reason: 'digest mismatch',
    });
    expect((await pdfsig(altered)).signatures).toMatchObject([
      { signatureValidation: 'Digest Mismatch.' },
    ]);
  });

  it('detects a changed signature value', async () => {
    // The CMS ends with the RSA signature (no unsigned attributes): flip its last byte.
    const [, contentsStart] = byteRange(sealed);
    const hex = sealed.toString('latin1', contentsStart + 1, contentsStart + 9);
    expect(hex.slice(0, 4)).toBe('3082'); // SEQUENCE with a two-byte length
    const derLength = 4 + parseInt(hex.slice(4, 8), 16);
    const lastHexDigit = contentsStart + 1 + derLength * 2 - 1;
    const tampered = Buffer.from(sealed);
    tampered[lastHexDigit] = (tampered[lastHexDigit] === 0x30 ? '1' : '0').charCodeAt(0);
    const result = verifySealedPdf(tampered);
    expect(result).toMatchObject({ valid: false, reason: 'bad signature', coversWholeFile: true });
    expect((await pdfsig(tampered)).signatures).toMatchObject([
      { totalDocumentSigned: true, signatureValidation: 'Signature is Invalid.' },
    ]);
  });

  it('reports bytes appended after the signed range', async () => {
    const appended = Buffer.concat([sealed, Buffer.from('\n% appended later\n')]);
    const result = verifySealedPdf(appended);
    // The signature still matches what it covers; the file is no longer what was signed.
    expect(result).toMatchObject({ valid: true, coversWholeFile: false });
    expect(isIntactSeal(result, seal.fingerprintSha256)).toBe(false);
    expect((await pdfsig(appended)).signatures).toMatchObject([
      { totalDocumentSigned: false, signatureValidation: 'Signature is Valid.' },
    ]);
  });

  it('reports a signature whose contents are not a hex string as malformed', async () => {
    const [, contentsStart] = byteRange(sealed);
    const broken = Buffer.from(sealed);
    broken[contentsStart + 1] = 'x'.charCodeAt(0);
    expect(verifySealedPdf(broken)).toMatchObject({
      valid: false,
      reason: 'malformed signature',
    });
    // pdfsig cannot read the CMS at all.
    expect((await pdfsig(broken)).signatures).toMatchObject([
      { signerCommonName: '', signatureValidation: 'Unknown Validation Failure.' },
    ]);
  });
});
