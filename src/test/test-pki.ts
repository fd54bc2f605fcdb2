import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/*
 * A certificate authority, document-signing certificates and a timestamp authority's certificate
 * made with Debian's openssl in a temp dir, so the seal tests check a company's own certificate
 * and a trusted timestamp (issue 39) without anything leaving the machine. RSA-2048 keys: each
 * takes milliseconds. The recipes are those of docs/research/039-own-certificate-and-timestamp.md.
 */
const EXTENSIONS = `
[signer_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = 1.3.6.1.5.5.7.3.36,1.2.840.113583.1.1.5,emailProtection
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid

[server_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth,clientAuth

[encipher_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,keyEncipherment

[tsa_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/** The kinds of signing certificate a test can ask for. */
export type SignerVariant =
  /** A document-signing certificate, 365 days, with the CA in the file. */
  | 'good'
  /** The same without the CA: readers cannot build the chain. */
  | 'no-chain'
  /** Expired yesterday. */
  | 'expired'
  /** Valid for 20 more days: doctor warns. */
  | 'expires-soon'
  /** A TLS server certificate: its extended key usage names no document signing. */
  | 'server-eku'
  /** Key usage keyEncipherment only: it may not sign. */
  | 'no-signing-usage'
  /** An EC (P-256) key: sealing signs with RSA only. */
  | 'ec-key';

export interface TestPki {
  dir: string;
  /** The root CA's certificate (PEM file), to verify chains and tokens against. */
  caPem: string;
  /** The timestamp authority's certificate and key (PEM files) and `openssl ts` configuration. */
  tsa: { certificatePem: string; keyPem: string; config: string };
  /** Makes a `.p12` for the company "Acme Roofing LLC" (or `commonName`). */
  signer(
    variant: SignerVariant,
    options?: { passphrase?: string; commonName?: string },
  ): Promise<{ p12Path: string; p12: Buffer; passphrase: string; certificatePem: string }>;
  /** Removes the folder. */
  remove(): Promise<void>;
}

const openssl = async (dir: string, args: string[]) => {
  await run('openssl', args, { cwd: dir, timeout: 30_000 });
};

/** A fresh CA and TSA certificate in their own temp dir (each test file its own: serials race). */
export async function createTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tradesign-pki-'));
  await writeFile(path.join(dir, 'ext.cnf'), EXTENSIONS);
  await openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '3650',
    '-subj',
    '/O=Test Trust/CN=Test Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const issue = async (
    name: string,
    subject: string,
    extensions: string,
    days: number,
    keyArgs: string[],
  ) => {
    await openssl(dir, [
      'req',
      '-new',
      ...keyArgs,
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    ]);
    await openssl(dir, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      String(days),
      '-sha256',
      '-extfile',
      'ext.cnf',
      '-extensions',
      extensions,
      '-out',
      `${name}.pem`,
    ]);
  };
  await issue('tsa', '/O=Test Trust/CN=Test TSA', 'tsa_ext', 365, ['-newkey', 'rsa:2048']);
  const tsaConfig = path.join(dir, 'tsa.cnf');
  await writeFile(
    tsaConfig,
    [
      '[ tsa ]',
      'default_tsa = tsa_config1',
      '[ tsa_config1 ]',
      `dir = ${dir}`,
      'serial = $dir/tsaserial',
      'signer_cert = $dir/tsa.pem',
      'certs = $dir/ca.pem',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  let made = 0;
  return {
    dir,
    caPem: path.join(dir, 'ca.pem'),
    tsa: {
      certificatePem: path.join(dir, 'tsa.pem'),
      keyPem: path.join(dir, 'tsa.key'),
      config: tsaConfig,
    },
    async signer(variant, options = {}) {
      made += 1;
      const name = `signer-${made}`;
      const commonName = options.commonName ?? 'Acme Roofing LLC';
      const passphrase = options.passphrase ?? 'correct-horse';
      const extensions =
        variant === 'server-eku'
          ? 'server_ext'
          : variant === 'no-signing-usage'
            ? 'encipher_ext'
            : 'signer_ext';
      // -days -1 gives a notAfter a day before notBefore on OpenSSL 3.0 (its x509 has no -not_after).
      const days = variant === 'expired' ? -1 : variant === 'expires-soon' ? 20 : 365;
      const keyArgs =
        variant === 'ec-key'
          ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']
          : ['-newkey', 'rsa:2048'];
      await issue(name, `/C=US/O=${commonName}/CN=${commonName}`, extensions, days, keyArgs);
      const p12Path = path.join(dir, `${name}.p12`);
      await openssl(dir, [
        'pkcs12',
        '-export',
        '-inkey',
        `${name}.key`,
        '-in',
        `${name}.pem`,
        ...(variant === 'no-chain' ? [] : ['-certfile', 'ca.pem']),
        '-name',
        commonName,
        '-passout',
        `pass:${passphrase}`,
        '-out',
        p12Path,
      ]);
      return {
        p12Path,
        p12: await readFile(p12Path),
        passphrase,
        certificatePem: path.join(dir, `${name}.pem`),
      };
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
