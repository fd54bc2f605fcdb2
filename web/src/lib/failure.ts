/*
 * What went wrong with a call, by cause, for the contractor's app and the signing page alike
 * (docs/decisions/036). Plain TypeScript with no tRPC import: the signing page loads no tRPC
 * client, so a tRPC error is read by its shape.
 */

export type Failure =
  /** The server refused the input (400, 403, 404, 413...): its sentence says why. */
  | { kind: 'refused'; message: string }
  /** 409: the thing changed meanwhile; the server's sentence says how. */
  | { kind: 'conflict'; message: string }
  /** 401 on a signed-in call: the session ended. */
  | { kind: 'signed-out' }
  /** 429: too many tries; Retry-After says for how long, when the server sent it. */
  | { kind: 'busy'; message: string; retryAfterSeconds: number | null }
  /** 5xx, or an answer that is not ours (a proxy's error page). */
  | { kind: 'server' }
  /** No answer at all: no network, the server is down or cannot be reached. */
  | { kind: 'offline' }
  /** Our deadline passed before the answer came (src: web/src/lib/deadline.ts). */
  | { kind: 'timeout' };

/** Thrown (and used as the abort reason) when a call's deadline passes. */
export class DeadlineError extends Error {
  constructor(readonly afterMs: number) {
    super(`No answer after ${afterMs} ms`);
    this.name = 'DeadlineError';
  }
}

/** A failed answer that is not JSON we can read: a proxy's page, a crash. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    readonly body: string,
    readonly retryAfter: string | null = null,
  ) {
    super(`${status}: ${body.trim() || statusText}`);
    this.name = 'HttpError';
  }
}

/** The failure an HTTP answer stands for, from its status, its sentence and Retry-After. */
export function failureOfStatus(
  status: number,
  message: string,
  retryAfter: string | null,
  options: { signedInCall: boolean } = { signedInCall: true },
): Failure {
  const sentence = readableSentence(message);
  if (status === 401 && options.signedInCall) return { kind: 'signed-out' };
  if (status === 409) return { kind: 'conflict', message: sentence };
  if (status === 429) {
    return { kind: 'busy', message: sentence, retryAfterSeconds: retryAfterSeconds(retryAfter) };
  }
  // Our own 502 names the service that failed ("Stripe could not be reached. Try again in a
  // minute."); a proxy's 502 page is no sentence and stays a server failure.
  if (status === 502 && sentence) return { kind: 'refused', message: sentence };
  if (status >= 500 || !sentence) return { kind: 'server' };
  return { kind: 'refused', message: sentence };
}

/** What a thrown error stands for: a tRPC error, a failed fetch, a deadline, an HttpError. */
export function failureOf(error: unknown): Failure {
  for (const cause of causesOf(error)) {
    if (cause instanceof DeadlineError) return { kind: 'timeout' };
    if (cause instanceof DOMException && cause.name === 'TimeoutError') return { kind: 'timeout' };
    if (cause instanceof HttpError) {
      return failureOfStatus(cause.status, cause.body, cause.retryAfter);
    }
  }
  const trpc = trpcFacts(error);
  if (trpc) {
    return failureOfStatus(trpc.status, trpc.message, trpc.retryAfter, {
      // A wrong password is a 401 too, and is the server's sentence to show.
      signedInCall: !trpc.path.startsWith('auth.'),
    });
  }
  // fetch rejects with a TypeError when no answer came ("Failed to fetch").
  if (causesOf(error).some((cause) => cause instanceof TypeError)) return { kind: 'offline' };
  const message = error instanceof Error ? readableSentence(error.message) : '';
  return message ? { kind: 'refused', message } : { kind: 'server' };
}

/** A sentence fit for a person, or '' for a page of HTML, JSON or nothing. */
function readableSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat || /^[<{[]/.test(flat) || flat.length > 300) return '';
  return flat;
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function causesOf(error: unknown): unknown[] {
  const causes: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && causes.length < 5) {
    causes.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return causes;
}

/** The status, message, path and Retry-After of a TRPCClientError with a server answer. */
function trpcFacts(
  error: unknown,
): { status: number; message: string; path: string; retryAfter: string | null } | null {
  if (!(error instanceof Error)) return null;
  const { data, meta } = error as {
    data?: { httpStatus?: unknown; path?: unknown } | null;
    meta?: { response?: { headers?: { get?: (name: string) => string | null } } };
  };
  if (typeof data?.httpStatus !== 'number') return null;
  return {
    status: data.httpStatus,
    message: error.message,
    path: typeof data.path === 'string' ? data.path : '',
    retryAfter: meta?.response?.headers?.get?.('retry-after') ?? null,
  };
}
