import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One signature as poppler's `pdfsig` (Debian: poppler-utils) reports it. */
export interface PdfsigSignature {
  fieldName: string;
  signerCommonName: string;
  signerDistinguishedName: string;
  /** As printed (`Nov 26 2026 14:05:04`), in UTC: pdfsig runs with TZ=UTC. */
  signingTime: string;
  hashAlgorithm: string;
  signatureType: string;
  /** `[first, last)` byte offsets of each signed range, as printed (`[0 - 1217]`). */
  signedRanges: [number, number][];
  /** `Total document signed` (true) or `Not total document signed` (false: bytes were added). */
  totalDocumentSigned: boolean;
  /** After `Signature Validation:`, e.g. `Signature is Valid.`, `Digest Mismatch.` */
  signatureValidation: string;
  /** After `Certificate Validation:`; pdfsig prints none when the signature itself failed. */
  certificateValidation?: string;
}

export interface PdfsigSummary {
  signatureCount: number;
  signatures: PdfsigSignature[];
  /** pdfsig's whole output, for failure messages. */
  output: string;
}

const NO_SIGNATURES = /does not contain any signatures/;

/**
 * What an independent verifier, poppler's `pdfsig`, says about a PDF's signatures: a second
 * opinion next to our own verifySealedPdf. It runs with an empty HOME (no personal NSS
 * certificate database) and TZ=UTC, so its answer does not depend on the machine's user.
 * Throws when pdfsig fails or prints something this parser does not know.
 */
export async function pdfsig(pdf: Uint8Array): Promise<PdfsigSummary> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdfsig-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TZ: 'UTC', LC_ALL: 'C' };
    let output: string;
    try {
      output = (await run('pdfsig', [file], { env, timeout: 15_000 })).stdout;
    } catch (error) {
      // Exit status 2: a readable PDF without any signature.
      const failed = error as { code?: unknown; stdout?: string; stderr?: string };
      if (failed.code === 2 && NO_SIGNATURES.test(failed.stdout ?? '')) {
        return { signatureCount: 0, signatures: [], output: failed.stdout ?? '' };
      }
      throw new Error(`pdfsig failed: ${String(error)}\n${failed.stderr ?? ''}`, {
        cause: error,
      });
    }
    const signatures = output
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((block) => parseSignature(block, output));
    return { signatureCount: signatures.length, signatures, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function parseSignature(block: string, output: string): PdfsigSignature {
  const fields = new Map<string, string>();
  const flags = new Set<string>();
  for (const line of block.split('\n')) {
    const item = /^ {2}- (.*)$/.exec(line)?.[1];
    if (item === undefined) continue;
    const colon = item.indexOf(': ');
    if (colon === -1) flags.add(item.trim());
    else fields.set(item.slice(0, colon), item.slice(colon + 2).trim());
  }
  const field = (name: string) => {
    const value = fields.get(name);
    if (value === undefined) throw new Error(`pdfsig printed no "${name}":\n${output}`);
    return value;
  };
  let totalDocumentSigned: boolean;
  if (flags.has('Total document signed')) totalDocumentSigned = true;
  else if (flags.has('Not total document signed')) totalDocumentSigned = false;
  else throw new Error(`pdfsig did not say whether the whole document is signed:\n${output}`);
  const signedRanges = [...field('Signed Ranges').matchAll(/\[(\d+) - (\d+)\]/g)].map(
    (match): [number, number] => [Number(match[1]), Number(match[2])],
  );
  const certificateValidation = fields.get('Certificate Validation');
  return {
    fieldName: field('Signature Field Name'),
    signerCommonName: field('Signer Certificate Common Name'),
    signerDistinguishedName: field('Signer full Distinguished Name'),
    signingTime: field('Signing Time'),
    hashAlgorithm: field('Signing Hash Algorithm'),
    signatureType: field('Signature Type'),
    signedRanges,
    totalDocumentSigned,
    signatureValidation: field('Signature Validation'),
    ...(certificateValidation === undefined ? {} : { certificateValidation }),
  };
}
