import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/test-pki.js';
import { openOwnSealCertificate } from './own-certificate.js';

const NAME = 'SEAL_P12_PATH=/etc/tradesign/seal.p12';

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki();
}, 60_000);
afterAll(() => pki.remove());

const open = async (...args: Parameters<TestPki['signer']>) => {
  const made = await pki.signer(...args);
  // Read the clock when opening: the certificate was only just issued.
  return (passphrase = made.passphrase, now = new Date()) =>
    openOwnSealCertificate(made.p12, passphrase, NAME, now);
};

describe('a company’s own seal certificate (issue 39)', () => {
  it('opens a document-signing .p12 with its chain and names its subject and issuer', async () => {
    const checked = (await open('good'))();
    expect(checked.problems).toEqual([]);
    expect(checked.opened?.identity).toMatchObject({
      subject: 'CN=Acme Roofing LLC, O=Acme Roofing LLC, C=US',
      commonName: 'Acme Roofing LLC',
      issuer: 'CN=Test Root CA, O=Test Trust',
      issuerCommonName: 'Test Root CA',
      selfSigned: false,
    });
    expect(checked.opened?.identity.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong passphrase, and a file that is not PKCS#12, in one line each', async () => {
    const good = await open('good');
    expect(good('not-the-passphrase').problems).toEqual([
      expect.objectContaining({
        level: 'fail',
        message: `the passphrase does not open ${NAME}: wrong passphrase`,
      }),
    ]);
    const garbage = openOwnSealCertificate(Buffer.from('hello'), 'x', NAME, new Date());
    expect(garbage.opened).toBeUndefined();
    expect(garbage.problems.map((problem) => problem.message)).toEqual([
      `${NAME}: not a PKCS#12 (.p12/.pfx) file`,
    ]);
  });

  it('refuses an expired certificate and warns 30 days before one expires', async () => {
    const expired = (await open('expired'))();
    expect(expired.opened).toBeUndefined();
    expect(expired.problems[0]?.message).toMatch(
      /^the certificate "Acme Roofing LLC" expired on \d{4}-\d{2}-\d{2}$/,
    );
    const soon = (await open('expires-soon'))();
    expect(soon.opened).toBeDefined();
    expect(soon.problems.map((problem) => `${problem.level} ${problem.message}`)).toEqual([
      expect.stringMatching(
        /^warn the certificate "Acme Roofing LLC" expires on \d{4}-\d{2}-\d{2} \(in 20 days\)$/,
      ),
    ]);
  });

  it('refuses a certificate that is not for signing documents', async () => {
    expect((await open('server-eku'))().problems.map((problem) => problem.message)).toEqual([
      'the certificate "Acme Roofing LLC" is not for document signing (extended key usage: serverAuth, clientAuth)',
    ]);
    expect((await open('no-signing-usage'))().problems.map((problem) => problem.message)).toEqual([
      'the certificate "Acme Roofing LLC" may not sign documents (its key usage allows neither digitalSignature nor nonRepudiation)',
    ]);
  });

  it('refuses an EC key by name, and warns when the issuer’s certificate is missing', async () => {
    expect((await open('ec-key'))().problems.map((problem) => problem.message)).toEqual([
      `${NAME} holds a key that is not RSA; only RSA keys can seal for now`,
    ]);
    const alone = (await open('no-chain'))();
    expect(alone.opened).toBeDefined();
    expect(alone.problems).toEqual([
      expect.objectContaining({
        level: 'warn',
        message:
          'the file has no certificate for the issuer "CN=Test Root CA, O=Test Trust"; readers may not trace the seal to it',
      }),
    ]);
  });
});
