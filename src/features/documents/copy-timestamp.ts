import {
  requestTimestamp,
  TimestampInvalidError,
  TimestampUnavailableError,
  type TimestampToken,
} from './seal/index.js';
import type { SealSettings } from './seal-settings.js';

/**
 * The trusted time of an executed copy (issue 39, docs/decisions/051). The certificate of
 * completion is printed before the seal is made, so the authority's time of the seal itself can
 * never be on its pages. It is asked twice instead: once for the contract pages, whose token the
 * certificate quotes and the file carries as an attachment, and once for the seal's signature
 * (sealPdf), whose time readers and /verify show.
 */
export type CopyTimestamp =
  | { kind: 'not_configured' }
  /** The authority dated the contract pages; the seal asks it again for the signature. */
  | { kind: 'stamped'; pages: TimestampToken; serverAt: string }
  /** It did not answer through every attempt: sealed on this server's clock alone. */
  | { kind: 'unavailable'; host: string; reason: string };

/** The authority did not answer, refused, or answered with a token that does not check out. */
export function isTimestampFailure(error: unknown): error is Error {
  return error instanceof TimestampUnavailableError || error instanceof TimestampInvalidError;
}

/**
 * Asks the authority to date the contract pages. A failure is thrown (the job retries with its
 * backoff) unless this is the copy's last attempt, which then goes on without a timestamp.
 */
export async function timestampContractPages(
  seal: SealSettings,
  contractPages: Uint8Array,
  clock: () => Date,
  lastAttempt: boolean,
): Promise<CopyTimestamp> {
  const authority = seal.timestampAuthority;
  if (!authority) return { kind: 'not_configured' };
  // The server's time beside the authority's is read as the request goes, not when the job began.
  const now = clock();
  try {
    const pages = await requestTimestamp(authority.url, Buffer.from(contractPages), {
      timeoutMs: authority.timeoutMs,
      now: () => now,
    });
    return { kind: 'stamped', pages, serverAt: now.toISOString() };
  } catch (error) {
    if (!lastAttempt || !isTimestampFailure(error)) throw error;
    return unavailable(authority.url, error);
  }
}

export function unavailable(url: string, error: Error): CopyTimestamp {
  return { kind: 'unavailable', host: hostOf(url), reason: error.message };
}

/** The host and port only: TSA_URL may carry credentials. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the timestamp authority';
  }
}
