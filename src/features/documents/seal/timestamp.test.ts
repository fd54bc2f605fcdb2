import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { createTestPki, type TestPki } from '../../../test/test-pki.js';
import { startTestTsa, type TestTsa } from '../../../test/test-tsa.js';
import { generateSealingCertificate } from './certificate.js';
import { SealKeySigner } from './cms-signer.js';
import { childrenOf, contentsOf, readTlv } from './der.js';
import {
  TimestampInvalidError,
  TimestampUnavailableError,
  addSignatureTimestamp,
  buildTimeStampRequest,
  readTimestampToken,
  requestTimestamp,
  signatureValueOf,
} from './timestamp.js';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

let pki: TestPki;
let tsa: TestTsa;
/** A seal's CMS as cms-signer.ts makes it, over `content`. */
let cms: Buffer;
const content = Buffer.from('%PDF-1.7 the signed byte ranges of an executed contract');

beforeAll(async () => {
  pki = await createTestPki();
  tsa = await startTestTsa(pki);
  const seal = generateSealingCertificate('TradeSign document seal (contracts.example.com)');
  cms = await new SealKeySigner({ p12: seal.p12, passphrase: seal.passphrase }).sign(content);
}, 60_000);

afterAll(async () => {
  await tsa?.close();
  await pki?.remove();
});

beforeEach(() => tsa.setMode('ok'));

/** Writes bytes to a file in the PKI's temp dir, for openssl. */
async function file(name: string, bytes: Buffer): Promise<string> {
  const filePath = path.join(pki.dir, name);
  await writeFile(filePath, bytes);
  return filePath;
}

/** The nonce of a TimeStampReq, read back from its bytes. */
function nonceOf(request: Buffer): Buffer {
  const fields = childrenOf(request, readTlv(request));
  return contentsOf(request, fields[2]!);
}

/** A fetch that lets a test change the request on its way to the TSA, or the reply on its way back. */
function tamperingFetch(change: {
  request?: (request: Buffer) => Buffer;
  reply?: (reply: Buffer) => Buffer;
}): typeof fetch {
  return async (input, init) => {
    const request = Buffer.from(init!.body as Uint8Array);
    const response = await fetch(input, { ...init, body: change.request?.(request) ?? request });
    const reply = Buffer.from(await response.arrayBuffer());
    return new Response(change.reply?.(reply) ?? reply, { status: response.status });
  };
}

describe('the timestamp request', () => {
  it('is one openssl reads as a SHA-256 imprint with our nonce, asking for the certificate', async () => {
    const imprint = sha256(Buffer.from('a signature value'));
    const request = buildTimeStampRequest(imprint, Buffer.from('f1e2d3c4b5a69788', 'hex'));
    const { stdout } = await run('openssl', [
      'ts',
      '-query',
      '-in',
      await file('request.tsq', request),
      '-text',
    ]);

    expect(stdout).toContain('Hash Algorithm: sha256');
    // "Message data:" is a hex dump: "    0000 - 42 7f ... 9b-e6 ...   B..>".
    const dumped = [...stdout.matchAll(/^\s+[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -]){15}[0-9a-f]{2})/gm)]
      .map((line) => line[1]!.replace(/[ -]/g, ''))
      .join('');
    expect(dumped).toBe(imprint.toString('hex'));
    expect(stdout).toContain('Nonce: 0xF1E2D3C4B5A69788');
    expect(stdout).toContain('Certificate required: yes');
  });
});

describe('requestTimestamp', () => {
  it('gets a token over the signature value that openssl ts -verify accepts', async () => {
    const signatureValue = signatureValueOf(cms);
    const before = Date.now();
    const stamp = await requestTimestamp(tsa.url, signatureValue, { timeoutMs: 10_000 });

    expect(stamp.authority).toBe('CN=Test TSA, O=Test Trust');
    expect(stamp.urlHost).toBe(new URL(tsa.url).host);
    expect(stamp.genTime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamp.genTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect(readTimestampToken(stamp.token)).toEqual({
      genTime: stamp.genTime,
      authority: 'CN=Test TSA, O=Test Trust',
      imprint: sha256(signatureValue),
    });
    const { stdout } = await run('openssl', [
      'ts',
      '-verify',
      '-in',
      await file('token.der', stamp.token),
      '-token_in',
      '-digest',
      sha256(signatureValue).toString('hex'),
      '-CAfile',
      pki.caPem,
    ]);
    expect(stdout).toContain('Verification: OK');
  });

  it('sends the credentials of the URL as Basic auth, and never names them in an error', async () => {
    const url = new URL(tsa.url);
    url.username = 'tsa-user';
    url.password = 's3cret';
    await requestTimestamp(url.toString(), Buffer.from('signature'), { timeoutMs: 10_000 });
    expect(tsa.lastAuthorization).toBe(
      `Basic ${Buffer.from('tsa-user:s3cret').toString('base64')}`,
    );

    tsa.setMode('http500');
    const error = await requestTimestamp(url.toString(), Buffer.from('signature'), {
      timeoutMs: 10_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimestampUnavailableError);
    expect(String(error)).not.toMatch(/tsa-user|s3cret/);
  });

  it.each([
    ['hang', 'did not answer within 500 ms'],
    ['http500', 'answered HTTP 500'],
    [
      'rejected',
      'refused the request (rejection: unrecognized or unsupported algorithm identifier)',
    ],
    ['garbage', 'sent a reply that is not a timestamp response'],
  ] as const)('says on one line when the authority gives no token (%s)', async (mode, words) => {
    tsa.setMode(mode);
    const started = Date.now();
    const error = await requestTimestamp(tsa.url, Buffer.from('signature'), {
      timeoutMs: 500,
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TimestampUnavailableError);
    expect((error as Error).message).toBe(`timestamp authority ${new URL(tsa.url).host} ${words}`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says when the authority cannot be reached', async () => {
    const port = await freePort();
    await expect(
      requestTimestamp(`http://127.0.0.1:${port}/tsr`, Buffer.from('signature'), {
        timeoutMs: 5_000,
      }),
    ).rejects.toThrow(
      new TimestampUnavailableError(
        `timestamp authority 127.0.0.1:${port} could not be reached (ECONNREFUSED)`,
      ),
    );
  });

  it('refuses a token over other bytes than the signature', async () => {
    const otherBytes = (request: Buffer) =>
      buildTimeStampRequest(sha256(Buffer.from('other bytes')), nonceOf(request));
    const stamping = requestTimestamp(tsa.url, Buffer.from('signature'), {
      timeoutMs: 10_000,
      fetchImpl: tamperingFetch({ request: otherBytes }),
    });

    await expect(stamping).rejects.toThrow(TimestampInvalidError);
    await expect(stamping).rejects.toThrow(
      `timestamp authority ${new URL(tsa.url).host} sent a token that is not valid: it stamps another hash than the one sent`,
    );
  });

  it('refuses a token with another nonce: a replayed answer', async () => {
    const otherNonce = () =>
      buildTimeStampRequest(
        sha256(Buffer.from('signature')),
        Buffer.from('0102030405060708', 'hex'),
      );
    await expect(
      requestTimestamp(tsa.url, Buffer.from('signature'), {
        timeoutMs: 10_000,
        fetchImpl: tamperingFetch({ request: otherNonce }),
      }),
    ).rejects.toThrow(/not valid: its nonce is not the one sent$/);
  });

  it('refuses a token whose signature does not verify', async () => {
    // The TSA's signature value is the last thing in its reply: change its last byte.
    const flipLastByte = (reply: Buffer) => {
      const changed = Buffer.from(reply);
      changed[changed.length - 1] = changed[changed.length - 1]! ^ 0x01;
      return changed;
    };
    await expect(
      requestTimestamp(tsa.url, Buffer.from('signature'), {
        timeoutMs: 10_000,
        fetchImpl: tamperingFetch({ reply: flipLastByte }),
      }),
    ).rejects.toThrow(new RegExp('not valid: its signature does not verify$'));
  });

  it("refuses a token whose time is more than 5 minutes from this server's clock", async () => {
    // The authority is not anchored (docs/decisions/051): a made-up token could name any time.
    const tenMinutesOn = new Date(Date.now() + 10 * 60 * 1000);
    const stamping = requestTimestamp(tsa.url, Buffer.from('signature'), {
      timeoutMs: 10_000,
      now: () => tenMinutesOn,
    });
    await expect(stamping).rejects.toThrow(TimestampInvalidError);
    await expect(stamping).rejects.toThrow(
      new RegExp(
        `^timestamp authority ${new URL(tsa.url).host.replaceAll('.', '\\.')} sent a token that is not valid: its time \\S+ is more than 5 minutes from this server's clock$`,
      ),
    );
  });
});

describe('addSignatureTimestamp', () => {
  it('adds the token to the seal so that openssl and forge still read and verify it', async () => {
    const signatureValue = signatureValueOf(cms);
    const { token } = await requestTimestamp(tsa.url, signatureValue, { timeoutMs: 10_000 });
    const stamped = addSignatureTimestamp(cms, token);

    expect(stamped.includes(token)).toBe(true);
    expect(signatureValueOf(stamped).equals(signatureValue)).toBe(true);
    const cmsFile = await file('stamped.p7s', stamped);
    const printed = await run('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      cmsFile,
    ]);
    expect(printed.stdout).toMatch(/unsignedAttrs:\s+object: id-smime-aa-timeStampToken/);
    const verifyWith = async (data: Buffer) =>
      run('openssl', [
        'cms',
        '-verify',
        '-inform',
        'DER',
        '-in',
        cmsFile,
        '-binary',
        '-content',
        await file('data.bin', data),
        '-noverify',
        '-purpose',
        'any',
        '-out',
        path.join(pki.dir, 'verified.bin'),
      ]);
    expect((await verifyWith(content)).stderr).toContain('CMS Verification successful');
    await expect(verifyWith(Buffer.from('other content'))).rejects.toThrow(/verification failure/i);
    const reread = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(stamped.toString('binary')));
    const { rawCapture } = reread as unknown as { rawCapture: Record<string, unknown> };
    expect(rawCapture.unauthenticatedAttributes).toBeDefined();
  });

  it('refuses to stamp a signature twice', async () => {
    const { token } = await requestTimestamp(tsa.url, signatureValueOf(cms), { timeoutMs: 10_000 });
    const stamped = addSignatureTimestamp(cms, token);
    expect(() => addSignatureTimestamp(stamped, token)).toThrow(/already has unsigned attributes/);
  });
});
