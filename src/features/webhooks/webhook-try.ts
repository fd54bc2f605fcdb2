import type { DB } from '../../db/kysely.js';
import type { WebhookPayload } from '../../domain/webhooks.schemas.js';
import type { MailSealer } from '../mail/body-seal.js';
import {
  disableEndpointAfterGone,
  findDeliveryEndpoint,
  markDeliveryFailed,
  markDeliveryRetry,
  markDeliverySucceeded,
  type DeliveryRow,
  type TryOutcome,
} from './deliveries.repo.js';
import { GONE_REASON } from './endpoint-stops.js';
import { retryDelayMs, MAX_WEBHOOK_ATTEMPTS } from './retry-schedule.js';
import type { HostResolver } from './ssrf-guard.js';
import { postWebhook, WebhookSendError } from './webhook-sender.js';
import { signWebhook } from './webhook-secret.js';

export interface WebhookLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** What one try needs: the worker's settings, fixed for its life. */
export interface TryContext {
  db: DB;
  sealer: MailSealer;
  log: WebhookLog;
  publicUrl: string;
  allowPrivate: boolean;
  timeoutMs: number;
  connectTimeoutMs: number;
  clock: () => Date;
  random: () => number;
  resolve?: HostResolver;
}

export type TryResult = 'succeeded' | 'retry' | 'failed' | 'late';

/**
 * One try of a claimed delivery (docs/decisions/025), signed at the moment it is sent, and its
 * outcome recorded by the lease's holder only. A failure waits its turn in the retry schedule,
 * whatever the cause, so a receiver that timed out is not tried again sooner than one that
 * answered 500. Logs name the host and status, never the secret or the body.
 */
export async function tryDelivery(context: TryContext, row: DeliveryRow): Promise<TryResult> {
  const { db, log, clock } = context;
  const endpoint = await findDeliveryEndpoint(db, row.endpoint_id);
  const attempts = row.attempts + 1;
  if (!endpoint || endpoint.disabled_at !== null) {
    // Queued while a 410 or a revoked key was stopping it: nothing more goes there.
    const outcome = {
      attempts: row.attempts,
      statusCode: null,
      error: 'The endpoint was disabled',
    };
    return (await markDeliveryFailed(db, row, outcome)) ? 'failed' : 'late';
  }
  const now = clock();
  let secrets: string[];
  try {
    secrets = openSecrets(context.sealer, endpoint, now);
  } catch {
    // Sealed with another key (a database restored without its key file): it never opens.
    const outcome = {
      attempts: row.attempts,
      statusCode: null,
      error: 'The secret cannot be opened with this server’s key',
    };
    return (await markDeliveryFailed(db, row, outcome)) ? 'failed' : 'late';
  }
  const body = bodyToSend(row.payload, context.publicUrl);
  const host = new URL(endpoint.url).host;
  const facts = { deliveryId: row.id, endpointId: row.endpoint_id, host, attempts };
  const late = (): TryResult => {
    // The try outlived its lease and another instance took the delivery: it records the outcome.
    log.warn(facts, 'webhooks: delivered after its lease ran out');
    return 'late';
  };
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await postWebhook({
      url: endpoint.url,
      body,
      headers: {
        'webhook-id': row.event_id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signWebhook(secrets, row.event_id, now, body),
      },
      timeoutMs: context.timeoutMs,
      connectTimeoutMs: context.connectTimeoutMs,
      policy: { allowPrivate: context.allowPrivate },
      ...(context.resolve ? { resolve: context.resolve } : {}),
    });
  } catch (failure) {
    error = failure instanceof WebhookSendError ? failure.message : 'Delivery failed';
  }
  const outcome: TryOutcome = { attempts, statusCode, error };
  const at = clock().toISOString();
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    if (!(await markDeliverySucceeded(db, row, outcome, at))) return late();
    log.info({ ...facts, status: statusCode }, 'webhooks: delivered');
    return 'succeeded';
  }
  if (statusCode === 410) {
    const gone = { ...outcome, error: GONE_REASON };
    if (!(await disableEndpointAfterGone(db, row, gone, at))) return late();
    log.warn({ ...facts, status: statusCode }, 'webhooks: 410 Gone, endpoint disabled');
    return 'failed';
  }
  if (statusCode !== null) {
    // A redirect is not followed (it could lead anywhere); any other status is a failure.
    outcome.error = `The receiver answered HTTP ${statusCode}`;
  }
  if (attempts < MAX_WEBHOOK_ATTEMPTS) {
    const next = new Date(clock().getTime() + retryDelayMs(attempts, context.random));
    if (!(await markDeliveryRetry(db, row, outcome, next.toISOString()))) return late();
    log.warn(
      { ...facts, status: statusCode, error: outcome.error, nextAttemptAt: next.toISOString() },
      'webhooks: delivery failed, will retry',
    );
    return 'retry';
  }
  if (!(await markDeliveryFailed(db, row, outcome))) return late();
  log.warn({ ...facts, status: statusCode, error: outcome.error }, 'webhooks: failed for good');
  return 'failed';
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function openSecrets(
  sealer: MailSealer,
  endpoint: {
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: string | null;
  },
  now: Date,
): string[] {
  const secrets = [sealer.open(endpoint.secret)];
  const overlapEnds = endpoint.previous_secret_expires_at;
  if (
    endpoint.previous_secret !== null &&
    overlapEnds !== null &&
    overlapEnds > now.toISOString()
  ) {
    secrets.push(sealer.open(endpoint.previous_secret));
  }
  return secrets;
}

/** The stored payload as sent: its PDF path becomes an address on this server's PUBLIC_URL. */
export function bodyToSend(payload: string, publicUrl: string): string {
  const parsed = JSON.parse(payload) as WebhookPayload;
  const path = parsed.data.executed_pdf_url;
  if (path === null) return payload;
  return JSON.stringify({
    ...parsed,
    data: { ...parsed.data, executed_pdf_url: new URL(path, publicUrl).href },
  });
}
