import { createHash, randomBytes } from 'node:crypto';
import {
  DerError,
  TAG,
  bytesOf,
  childrenOf,
  contentsOf,
  expectTlv,
  oid,
  readSmallInteger,
  tlv,
  unsignedInteger,
} from './der.js';
import { TimestampInvalidError, TimestampUnavailableError } from './timestamp-errors.js';
import { OID_SHA256, verifyTimestampToken } from './timestamp-token.js';

/*
 * The RFC 3161 client that timestamps the seal's signature (issue 39): build the request, post it
 * to the operator's TSA_URL, and check the token before anyone embeds it. The token is checked
 * (imprint, nonce, signature, timestamping certificate, a time within 5 minutes of this server's)
 * because TSAs are often reached over plain http. The authority's certificate is not anchored to
 * a root here (docs/decisions/051): a token made up on the way is refused only when its time or
 * its hash is wrong; readers judge the authority by its root.
 *
 * No SSRF guard, unlike webhooks (src/features/webhooks/ssrf-guard.ts): TSA_URL is set by the
 * operator in the server's environment, never by a user, so it may well point at a TSA on the
 * operator's own network.
 */

export { TimestampInvalidError, TimestampUnavailableError } from './timestamp-errors.js';
export { readTimestampToken, verifyTimestampToken } from './timestamp-token.js';
export type { TimestampTokenFacts } from './timestamp-token.js';
export {
  addSignatureTimestamp,
  signatureTimestampOf,
  signatureValueOf,
} from './signature-timestamp.js';

export interface TimestampToken {
  /** The token's raw bytes, sliced from the response, never re-encoded. */
  token: Buffer;
  genTime: Date;
  /** TSTInfo.tsa's directory name as "CN=..., O=...", else the TSA certificate's subject. */
  authority: string;
  /** The host (and port) of TSA_URL, without its credentials. */
  urlHost: string;
}

export interface TimestampRequestOptions {
  timeoutMs: number;
  /** The clock the TSA's certificate must be valid at. */
  now?: () => Date;
  fetchImpl?: typeof fetch;
}

/** More than a token with a long chain; a reply past this is not a timestamp. */
const MOST_RESPONSE_BYTES = 64 * 1024;

/** RFC 3161 §2.4.2 PKIStatus, by value. */
const STATUS_NAMES = [
  'granted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
];

/** PKIFailureInfo bits, worded as `openssl ts -reply -text` prints them. */
const FAILURE_NAMES: Record<number, string> = {
  0: 'unrecognized or unsupported algorithm identifier',
  2: 'transaction not permitted or supported',
  5: 'the data submitted has the wrong format',
  14: "the TSA's time source is not available",
  15: 'the requested TSA policy is not supported by the TSA',
  16: 'the requested extension is not supported by the TSA',
  17: 'the additional information requested could not be understood or is not available',
  25: 'the request cannot be handled due to system failure',
};

/** A TimeStampReq (RFC 3161 §2.4.1): version 1, a SHA-256 imprint, the nonce, certReq TRUE. */
export function buildTimeStampRequest(imprintSha256: Buffer, nonce: Buffer): Buffer {
  if (imprintSha256.length !== 32) throw new Error('a SHA-256 imprint is 32 bytes');
  const sha256 = tlv(TAG.SEQUENCE, oid(OID_SHA256), tlv(TAG.NULL));
  return tlv(
    TAG.SEQUENCE,
    unsignedInteger(Buffer.from([1])),
    tlv(TAG.SEQUENCE, sha256, tlv(TAG.OCTET_STRING, imprintSha256)),
    unsignedInteger(nonce),
    // certReq: the token then carries the TSA's certificate, which the checks need.
    tlv(TAG.BOOLEAN, Buffer.from([0xff])),
  );
}

/**
 * Asks the authority at `url` to stamp the SHA-256 of `signatureValue`, and returns its token once
 * it checks out. Throws TimestampUnavailableError when no token comes, TimestampInvalidError when
 * the token is wrong.
 */
export async function requestTimestamp(
  url: string,
  signatureValue: Buffer,
  options: TimestampRequestOptions,
): Promise<TimestampToken> {
  const { target, authorization } = splitCredentials(url);
  const host = target.host;
  const imprint = createHash('sha256').update(signatureValue).digest();
  const nonce = randomBytes(8);
  const body = await post(target, authorization, buildTimeStampRequest(imprint, nonce), {
    ...options,
    host,
  });
  const token = tokenOf(body, host);
  try {
    const at = options.now?.() ?? new Date();
    const facts = verifyTimestampToken(token, { imprint, nonce, at });
    return { token, genTime: facts.genTime, authority: facts.authority, urlHost: host };
  } catch (error) {
    if (!(error instanceof TimestampInvalidError)) throw error;
    throw new TimestampInvalidError(
      `timestamp authority ${host} sent a token that is not valid: ${error.reason}`,
      error.reason,
    );
  }
}

/** The URL without `user:pass@`, and those credentials as a Basic authorization header. */
function splitCredentials(url: string): { target: URL; authorization?: string } {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    // The URL itself may hold a password: never repeat it.
    throw new TimestampUnavailableError('the timestamp authority URL is not a valid URL');
  }
  if (!target.username && !target.password) return { target };
  let credentials: string;
  try {
    credentials = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
  } catch {
    throw new TimestampUnavailableError(
      'the timestamp authority URL has credentials that are not valid percent-encoding',
    );
  }
  target.username = '';
  target.password = '';
  return { target, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

async function post(
  target: URL,
  authorization: string | undefined,
  request: Buffer,
  options: TimestampRequestOptions & { host: string },
): Promise<Buffer> {
  const { host, timeoutMs } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  try {
    const response = await fetchImpl(target, {
      method: 'POST',
      body: request,
      headers: {
        'Content-Type': 'application/timestamp-query',
        Accept: 'application/timestamp-reply',
        ...(authorization ? { Authorization: authorization } : {}),
      },
      // Covers reading the body too: a TSA that trickles its answer times out as well.
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new TimestampUnavailableError(
        `timestamp authority ${host} answered HTTP ${response.status}`,
      );
    }
    return await readCapped(response, host);
  } catch (error) {
    if (error instanceof TimestampUnavailableError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new TimestampUnavailableError(
        `timestamp authority ${host} did not answer within ${formatDuration(timeoutMs)}`,
      );
    }
    throw new TimestampUnavailableError(
      `timestamp authority ${host} could not be reached (${networkReason(error)})`,
    );
  }
}

async function readCapped(response: Response, host: string): Promise<Buffer> {
  const tooLarge = () =>
    new TimestampUnavailableError(`timestamp authority ${host} sent more than 64 KiB`);
  if (Number(response.headers.get('content-length') ?? 0) > MOST_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MOST_RESPONSE_BYTES) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** A network failure's code (ECONNREFUSED, ENOTFOUND...) rather than undici's "fetch failed". */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : null;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * The token of a TimeStampResp (RFC 3161 §2.4.2), its bytes sliced as they came, once the status
 * says granted; the status and failure reasons otherwise.
 */
function tokenOf(response: Buffer, host: string): Buffer {
  let parts;
  try {
    const outer = expectTlv(response, 0, TAG.SEQUENCE);
    if (outer.end !== response.length) throw new DerError('bytes after the response');
    const [statusInfo, token] = childrenOf(response, outer);
    if (!statusInfo || statusInfo.tag !== TAG.SEQUENCE) throw new DerError('no PKIStatusInfo');
    const [status, ...details] = childrenOf(response, statusInfo);
    if (!status || status.tag !== TAG.INTEGER) throw new DerError('no PKIStatus');
    const text = details.find((field) => field.tag === TAG.SEQUENCE);
    const failInfo = details.find((field) => field.tag === TAG.BIT_STRING);
    parts = {
      status: readSmallInteger(contentsOf(response, status)),
      statusText: text ? readFreeText(response.subarray(text.start, text.end)) : undefined,
      failures: failInfo ? failureNames(contentsOf(response, failInfo)) : [],
      token: token && bytesOf(response, token),
    };
  } catch {
    throw new TimestampUnavailableError(
      `timestamp authority ${host} sent a reply that is not a timestamp response`,
    );
  }
  if (parts.status !== 0 && parts.status !== 1) {
    const statusName = STATUS_NAMES[parts.status] ?? `status ${parts.status}`;
    const details = [...parts.failures, ...(parts.statusText ? [`"${parts.statusText}"`] : [])];
    const why = details.length > 0 ? `${statusName}: ${details.join('; ')}` : statusName;
    throw new TimestampUnavailableError(`timestamp authority ${host} refused the request (${why})`);
  }
  if (!parts.token) {
    throw new TimestampUnavailableError(
      `timestamp authority ${host} granted the request but sent no token`,
    );
  }
  return parts.token;
}

/** PKIFreeText (SEQUENCE OF UTF8String) on one short line: it is the TSA's own words. */
function readFreeText(der: Buffer): string {
  const texts = childrenOf(der, expectTlv(der, 0, TAG.SEQUENCE)).map((text) =>
    contentsOf(der, text).toString('utf8'),
  );
  const line = texts
    .join(' ')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The set bits of a PKIFailureInfo BIT STRING, bit 0 being the first byte's highest bit. */
function failureNames(bitString: Buffer): string[] {
  const names: string[] = [];
  // PKIFailureInfo names bits 0 to 25: four bytes after the unused-bits byte. A hostile reply may
  // set thousands more; they would only make the message long.
  for (let byte = 1; byte < Math.min(bitString.length, 5); byte += 1) {
    for (let bit = 0; bit < 8; bit += 1) {
      if (bitString[byte]! & (0x80 >> bit)) {
        const number = (byte - 1) * 8 + bit;
        names.push(FAILURE_NAMES[number] ?? `failure ${number}`);
      }
    }
  }
  return names;
}
