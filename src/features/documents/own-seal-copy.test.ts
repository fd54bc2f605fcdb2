import { execFile } from 'node:child_process';
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
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { startDocumentWorker } from './document-worker.js';
import { createPdfRenderer } from './pdf-renderer.js';
import { readSignatureContents, findLastByteRange } from './seal/byte-range.js';
import { loadSealSettings, type SealSettings } from './seal-settings.js';

const run = promisify(execFile);
const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const PUBLIC_URL = 'https://contracts.example.com';

let pki: TestPki;
let t: TestApp;
let owner: string;
let now = new Date();

beforeAll(async () => {
  pki = await createTestPki();
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

async function runWorkerOnce(seal: SealSettings) {
  const worker = startDocumentWorker({
    db: t.db,
    renderer,
    publicUrl: PUBLIC_URL,
    log: quiet,
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(t.dir),
    seal,
    now: () => now,
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

/** The subjects of the certificates embedded in the seal, as OpenSSL lists them. */
async function embeddedCertificateSubjects(pdf: Buffer): Promise<string[]> {
  const location = findLastByteRange(pdf);
  const contents = location && readSignatureContents(pdf, location.range);
  if (!contents) throw new Error('no signature');
  const dir = await mkdtemp(path.join(tmpdir(), 'seal-cms-'));
  try {
    const file = path.join(dir, 'signature.der');
    await writeFile(file, contents.der);
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
  // Chromium's first print in this file, then pdfsig, OpenSSL and pdftotext: longer than 20 s
  // on two busy cores.
  it(
    'names the company in readers, on the certificate and at /verify, with its chain',
    { timeout: 90_000 },
    async () => {
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
          },
          sealed_at_server: now.toISOString(),
          timestamp: null,
          timestamp_missing: 'not_configured',
        },
      });
    },
  );

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
});
