import http from 'node:http';
import https from 'node:https';
import {
  checkAddress,
  guardedLookup,
  WebhookAddressRefused,
  type AddressPolicy,
  type HostResolver,
} from './ssrf-guard.js';

/** The Standard Webhooks answer deadline: a receiver should queue the event and answer fast. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * A receiver that is up accepts a connection in milliseconds; one that is down or firewalled may
 * leave it hanging. Waiting the whole 15 s for that would hold a slot of the worker for nothing.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** Enough of an answer to end the exchange cleanly; a receiver cannot make us read more. */
const MAX_ANSWER_BYTES = 4096;

export const WEBHOOK_USER_AGENT = 'TradeSign-Webhooks/1';

export interface WebhookRequest {
  url: string;
  body: string;
  /** webhook-id, webhook-timestamp, webhook-signature. */
  headers: Record<string, string>;
  /** The whole try, from connecting to the end of the answer. */
  timeoutMs: number;
  /** Connecting alone (the guarded lookup and the TCP handshake): 5 s by default. */
  connectTimeoutMs?: number;
  policy: AddressPolicy;
  resolve?: HostResolver;
}

/** Why a try got no answer, in a few words for the delivery list (never the answer's body). */
export class WebhookSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSendError';
  }
}

/**
 * One POST, with the address guard at connect time. Resolves with the status of any answer,
 * redirects included (a 3xx is not followed: the caller counts it as a failure); rejects with a
 * WebhookSendError when no connection was made within `connectTimeoutMs`, no answer came within
 * `timeoutMs`, or the connection failed or was refused by the guard.
 */
export function postWebhook(request: WebhookRequest): Promise<number> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!client || (url.protocol === 'http:' && !request.policy.allowPrivate)) {
    return Promise.reject(new WebhookSendError('Webhook URLs must start with https://'));
  }
  try {
    checkAddress(url, request.policy);
  } catch (error) {
    return Promise.reject(toSendError(error));
  }
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method: 'POST',
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(request.body),
        'user-agent': WEBHOOK_USER_AGENT,
      },
      lookup: guardedLookup(request.policy, request.resolve),
      // A connection of its own: no pooled socket skips the guarded lookup.
      agent: false,
    });
    // The status, once an answer started: from then on, the try has its outcome.
    let status: number | undefined;
    const settle = (error?: unknown) => {
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      if (status !== undefined) resolve(status);
      else reject(toSendError(error));
    };
    const giveUp = (why: string) => {
      const late = new WebhookSendError(why);
      outgoing.destroy(late);
      settle(late);
    };
    // One deadline for the whole exchange, from connecting to the end of the answer.
    const deadline = setTimeout(
      () => giveUp(`No answer within ${describeMs(request.timeoutMs)}`),
      request.timeoutMs,
    );
    // And a shorter one for the connection alone, within it.
    const connectMs = request.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const connectDeadline = setTimeout(
      () => giveUp(`Could not connect within ${describeMs(connectMs)}`),
      connectMs,
    );
    outgoing.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectDeadline);
      else socket.once('connect', () => clearTimeout(connectDeadline));
    });
    outgoing.on('error', settle);
    outgoing.on('response', (answer) => {
      status = answer.statusCode ?? 0;
      let read = 0;
      answer.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_ANSWER_BYTES) answer.destroy();
      });
      // An answer cut short (by us, past the limit, or by the receiver) still answered.
      answer.on('error', () => undefined);
      answer.on('close', () => settle());
    });
    outgoing.end(request.body);
  });
}

/** 15 s, or 300 ms for a test's short deadline. */
function describeMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function toSendError(error: unknown): WebhookSendError {
  if (error instanceof WebhookSendError) return error;
  if (error instanceof WebhookAddressRefused) return new WebhookSendError(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ECONNREFUSED: 'Connection refused',
    ECONNRESET: 'Connection reset',
    ENOTFOUND: 'Host not found',
    EAI_AGAIN: 'Host not found (DNS did not answer)',
    ETIMEDOUT: 'Connection timed out',
    EHOSTUNREACH: 'Host unreachable',
    CERT_HAS_EXPIRED: 'TLS certificate expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
    ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
  };
  const known = code ? words[code] : undefined;
  const message = known ?? (error instanceof Error ? error.message : 'Delivery failed');
  return new WebhookSendError(message.slice(0, 200));
}
