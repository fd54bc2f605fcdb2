import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { pdfText } from '../../test/pdf-text.js';
import { pdfsig } from '../../test/pdfsig.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { createTestApp, get, type TestApp } from '../../test/test-app.js';
import { createTestPki, type TestPki } from '../../test/test-pki.js';
import { startTestTsa, type TestTsa } from '../../test/test-tsa.js';
import { createPdfRenderer } from './pdf-renderer.js';
import { sealWaitingCopies } from '../../test/seal-copies.js';
import { readSignatureContents, findLastByteRange } from './seal/byte-range.js';
import { loadSealSettings, type SealSettings } from './seal-settings.js';
import { signatureTimestampOf, signatureValueOf } from './seal/timestamp.js';

const run = promisify(execFile);
const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const PUBLIC_URL = 'https://contracts.example.com';

let pki: TestPki;
let tsa: TestTsa;
let t: TestApp;
let owner: string;
let now = new Date();

beforeAll(async () => {
  pki = await createTestPki();
  tsa = await startTestTsa(pki);
  t = await createTestApp({ PUBLIC_URL }, { pdfAvailable: true, clock: () => now });
  owner = await contractorReadyToSend(t, 'roofs@example.com', 'Acme Roofing LLC');
}, 60_000);

/** A contract both parties signed, its copy not made yet. */
async function signedContractWaitingForCopy() {
  const { id, token } = await sendContract(t, owner);
  expect((await clientSigns(t, token)).json()).toMatchObject({ status: 'signed' });
  return { id };
}
afterAll(async () => {
  await renderer.close();
  await t.close();
  await tsa.close();
  await pki.remove();
});

/** The settings `start` reads: the .p12 by path, its passphrase in a file ending in a newline. */
async function settingsFor(p12Path: string, passphrase: string): Promise<SealSettings> {
  const passphraseFile = path.join(pki.dir, `passphrase-${path.basename(p12Path)}`);
  await writeFile(passphraseFile, `${passphrase}\n`);
  const config = loadConfig({
    SEAL_P12_PATH: p12Path,
    SEAL_P12_PASSPHRASE_FILE: passphraseFile,
  });
  const checked = loadSealSettings(config, now);
  if (!checked.settings) throw new Error(JSON.stringify(checked.problems));
  return checked.settings;
}

const runWorkerOnce = (seal: SealSettings) =>
  sealWaitingCopies(t, renderer, { publicUrl: PUBLIC_URL, seal, now: () => now });

/** The seal's CMS (DER) from the PDF's /Contents. */
function sealCms(pdf: Buffer): Buffer {
  const location = findLastByteRange(pdf);
  const contents = location && readSignatureContents(pdf, location.range);
  if (!contents) throw new Error('no signature');
  return contents.der;
}

/** Runs `openssl` on files written to a temp dir; answers its output, or its error's. */
async function opensslOn(files: Record<string, Buffer>, args: (dir: string) => string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'seal-openssl-'));
  try {
    for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dir, name), bytes);
    const { stdout, stderr } = await run('openssl', args(dir), { cwd: dir });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What `openssl ts -verify` says of a token over `digestHex`, against the test root. */
function tsVerify(token: Buffer, digestHex: string) {
  return opensslOn({ 'token.tst': token }, () => [
    'ts',
    '-verify',
    '-in',
    'token.tst',
    '-token_in',
    '-digest',
    digestHex,
    '-CAfile',
    pki.caPem,
  ]);
}

/** The files attached to a PDF, by poppler's pdfdetach. */
async function attachments(pdf: Buffer): Promise<Record<string, Buffer>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seal-attachments-'));
  try {
    await writeFile(path.join(dir, 'copy.pdf'), pdf);
    await run('pdfdetach', ['-saveall', '-o', dir, path.join(dir, 'copy.pdf')]);
    const { readdir, readFile } = await import('node:fs/promises');
    const names = (await readdir(dir)).filter((name) => name !== 'copy.pdf');
    return Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))])),
    ) as Record<string, Buffer>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The subjects of the certificates embedded in the seal, as OpenSSL lists them. */
async function embeddedCertificateSubjects(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seal-cms-'));
  try {
    const file = path.join(dir, 'signature.der');
    await writeFile(file, sealCms(pdf));
    const { stdout } = await run('openssl', [
      'pkcs7',
      '-inform',
      'DER',
      '-in',
      file,
      '-print_certs',
      '-noout',
    ]);
    return stdout
      .split('\n')
      .filter((line) => line.startsWith('subject='))
      .map((line) => line.slice('subject='.length).trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a copy sealed with the company’s own certificate (issue 39)', () => {
  it('names the company in readers, on the certificate and at /verify, with its chain', async () => {
    const signer = await pki.signer('good');
    now = new Date();
    const seal = await settingsFor(signer.p12Path, signer.passphrase);
    const { id } = await signedContractWaitingForCopy();
    expect(await runWorkerOnce(seal)).toBe(1);

    const pdf = (await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: owner }))
      .rawPayload;
    const poppler = await pdfsig(pdf);
    expect(poppler.signatures, poppler.output).toMatchObject([
      {
        signerCommonName: 'Acme Roofing LLC',
        signerDistinguishedName: 'CN=Acme Roofing LLC,O=Acme Roofing LLC,C=US',
        totalDocumentSigned: true,
        signatureValidation: 'Signature is Valid.',
        // The test authority is not one this machine trusts: a real one would be.
        certificateValidation: "Certificate issuer isn't Trusted.",
      },
    ]);
    expect(await embeddedCertificateSubjects(pdf)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('CN = Acme Roofing LLC'),
        expect.stringContaining('CN = Test Root CA'),
      ]),
    );

    const { text } = await pdfText(pdf);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'This document is digitally sealed by Acme Roofing LLC, with a certificate issued by Test Root CA',
    );

    const sha256 = await t.sql.value<string>(
      'SELECT pdf_sha256 FROM documents WHERE contract_id = ?',
      id,
    );
    expect((await get(t.app, `/api/verify/${sha256}`)).json()).toMatchObject({
      seal: {
        signer: {
          subject: 'CN=Acme Roofing LLC, O=Acme Roofing LLC, C=US',
          common_name: 'Acme Roofing LLC',
          issuer: 'CN=Test Root CA, O=Test Trust',
          fingerprint_sha256: seal.own?.identity.fingerprintSha256,
          self_signed: false,
          source: 'company',
        },
        sealed_at_server: now.toISOString(),
        timestamp: null,
        timestamp_missing: 'not_configured',
      },
    });
  });

  it('seals nothing with a certificate that expired after the server started, and says why', async () => {
    const signer = await pki.signer('expires-soon');
    now = new Date();
    const seal = await settingsFor(signer.p12Path, signer.passphrase);
    const { id } = await signedContractWaitingForCopy();
    now = new Date(Date.now() + 25 * 24 * 60 * 60 * 1000);
    expect(await runWorkerOnce(seal)).toBe(0);
    const job = await t.sql.get<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM document_jobs WHERE contract_id = ?',
      id,
    );
    expect(job?.status).toBe('pending');
    expect(job?.last_error).toMatch(
      /^the certificate "Acme Roofing LLC" expired on \d{4}-\d{2}-\d{2}: nothing can be sealed with it/,
    );
  });

  it('carries a trusted timestamp that OpenSSL accepts, quoted on the certificate and at /verify', async () => {
    tsa.setMode('ok');
    const signer = await pki.signer('good');
    now = new Date();
    const own = await settingsFor(signer.p12Path, signer.passphrase);
    const seal = { ...own, timestampAuthority: { url: tsa.url, timeoutMs: 10_000 } };
    const { id } = await signedContractWaitingForCopy();
    expect(await runWorkerOnce(seal)).toBe(1);
    const pdf = (await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: owner }))
      .rawPayload;

    const poppler = await pdfsig(pdf);
    expect(poppler.signatures, poppler.output).toMatchObject([
      { signerCommonName: 'Acme Roofing LLC', signatureValidation: 'Signature is Valid.' },
    ]);
    // The seal's own timestamp: over its signature value, by the test authority.
    const cms = sealCms(pdf);
    expect(
      await opensslOn({ 'cms.der': cms }, () => [
        'cms',
        '-cmsout',
        '-print',
        '-inform',
        'DER',
        '-in',
        'cms.der',
        '-noout',
      ]),
    ).toContain('id-smime-aa-timeStampToken');
    const token = signatureTimestampOf(cms);
    if (!token) throw new Error('the seal carries no timestamp token');
    expect(await tsVerify(token, sha256Hex(signatureValueOf(cms)))).toContain('Verification: OK');

    // The certificate quotes the authority's time for the contract pages, whose token is attached.
    const host = new URL(tsa.url).host;
    const { text } = await pdfText(pdf);
    expect(text.replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `Trusted timestamp: CN=Test TSA, O=Test Trust \\(${host.replaceAll('.', '\\.')}\\) dated the contract pages above, by their SHA-256, at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC; this server's clock said \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC\\.`,
      ),
    );
    const pagesSha256 = await t.sql.value<string>(
      'SELECT contract_pages_sha256 FROM documents WHERE contract_id = ?',
      id,
    );
    const attached = await attachments(pdf);
    expect(Object.keys(attached)).toEqual(['contract-pages-timestamp.tst']);
    expect(await tsVerify(attached['contract-pages-timestamp.tst']!, pagesSha256)).toContain(
      'Verification: OK',
    );

    const sha256 = sha256Hex(pdf);
    const answer = (await get(t.app, `/api/verify/${sha256}`)).json<{
      seal: { timestamp: { at: string; authority: string; url_host: string } | null };
    }>();
    expect(answer.seal).toMatchObject({
      timestamp: { authority: 'CN=Test TSA, O=Test Trust', url_host: host },
      timestamp_missing: null,
    });
    // The authority's clock is this machine's: within a minute of the server's.
    const at = new Date(answer.seal.timestamp?.at ?? 0).getTime();
    expect(Math.abs(at - now.getTime())).toBeLessThan(60_000);
  });

  it('retries while the authority does not answer, then seals without it and says so', async () => {
    tsa.setMode('hang');
    now = new Date();
    const seal = { timestampAuthority: { url: tsa.url, timeoutMs: 300 } };
    const { id } = await signedContractWaitingForCopy();
    const job = () =>
      t.sql.get<{ status: string; attempts: number; last_error: string | null }>(
        'SELECT status, attempts, last_error FROM document_jobs WHERE contract_id = ?',
        id,
      );
    const host = new URL(tsa.url).host;
    expect(await runWorkerOnce(seal)).toBe(0);
    expect(await job()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: `timestamp authority ${host} did not answer within 300 ms`,
    });
    // The retries' backoff (30 s, then 2 min), by the clock rather than by waiting.
    now = new Date(now.getTime() + 31_000);
    expect(await runWorkerOnce(seal)).toBe(0);
    expect(await job()).toMatchObject({ status: 'pending', attempts: 2 });
    now = new Date(now.getTime() + 121_000);
    expect(await runWorkerOnce(seal)).toBe(1);
    expect(await job()).toMatchObject({ status: 'done', attempts: 3 });

    const pdf = (await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: owner }))
      .rawPayload;
    expect(signatureTimestampOf(sealCms(pdf))).toBeUndefined();
    const { text } = await pdfText(pdf);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `No trusted timestamp: the timestamp authority ${host} did not give a valid timestamp in time, so the time of this seal is this server's clock alone.`,
    );
    expect((await get(t.app, `/api/verify/${sha256Hex(pdf)}`)).json()).toMatchObject({
      seal: { timestamp: null, timestamp_missing: 'authority_unavailable' },
    });
  });

  it('prints the certificate again without a timestamp when the authority dated the pages but not the seal', async () => {
    // Each attempt asks twice, the pages first: the pages are dated, the seal's request fails.
    const before = tsa.requests;
    now = new Date();
    const seal = { timestampAuthority: { url: tsa.url, timeoutMs: 10_000 } };
    const { id } = await signedContractWaitingForCopy();
    tsa.setMode((request) => ((request - before) % 2 === 1 ? 'ok' : 'http500'));
    expect(await runWorkerOnce(seal)).toBe(0);
    now = new Date(now.getTime() + 31_000);
    expect(await runWorkerOnce(seal)).toBe(0);
    now = new Date(now.getTime() + 121_000);
    expect(await runWorkerOnce(seal)).toBe(1);
    expect(tsa.requests - before).toBe(6);

    const pdf = (await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: owner }))
      .rawPayload;
    expect(signatureTimestampOf(sealCms(pdf))).toBeUndefined();
    // The pages' token is not attached, and the page does not claim it.
    expect(Object.keys(await attachments(pdf))).toEqual([]);
    const { text } = await pdfText(pdf);
    const words = text.replace(/\s+/g, ' ');
    expect(words).not.toContain('Trusted timestamp');
    expect(words).toContain(
      `No trusted timestamp: the timestamp authority ${new URL(tsa.url).host} did not give a valid timestamp in time`,
    );
    expect((await get(t.app, `/api/verify/${sha256Hex(pdf)}`)).json()).toMatchObject({
      seal: { timestamp: null, timestamp_missing: 'authority_unavailable' },
    });
  });
});
