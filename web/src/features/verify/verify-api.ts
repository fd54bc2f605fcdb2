import { verifyResultSchema, type VerifyResult } from '@domain/verify.schemas';
import { getPublicJson } from '../../lib/public-api';

/*
 * The public verify page talks to REST with plain fetch, like the signing page: no account, no
 * tRPC or Query code in its chunk. Only the file's SHA-256 ever leaves the browser.
 */

export type { VerifyResult };

/** Executed copies are a few hundred kilobytes; anything this big is not one of ours. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

export type CheckOutcome =
  | { kind: 'genuine'; result: VerifyResult }
  /** 404: no completed contract has this fingerprint. */
  | { kind: 'mismatch' }
  /** No network, 429, 5xx or a garbled answer: nothing is known, so try again later. */
  | { kind: 'unavailable' };

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * SHA-256 of the bytes, as lower-case hex. Web Crypto exists only in secure contexts (https or
 * localhost); a LAN install on plain http falls back to a small pure-JS hash, loaded on demand.
 */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  if (window.isSecureContext && 'subtle' in crypto) {
    return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  }
  const { sha256 } = await import('@oslojs/crypto/sha2');
  return toHex(sha256(new Uint8Array(bytes)));
}

/** A PDF starts with "%PDF-" (within its first kilobyte, the PDF spec allows some junk first). */
export function looksLikePdf(bytes: ArrayBuffer): boolean {
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 1024));
  return head.includes('%PDF-');
}

export async function checkFingerprint(
  sha256: string,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  const answer = await getPublicJson(
    `/api/verify/${encodeURIComponent(sha256)}`,
    verifyResultSchema,
    signal,
  );
  if (answer.kind === 'ok') return { kind: 'genuine', result: answer.data };
  return answer.kind === 'not-found' ? { kind: 'mismatch' } : { kind: 'unavailable' };
}
