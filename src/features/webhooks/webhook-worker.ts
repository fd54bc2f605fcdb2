import type { DB } from '../../db/kysely.js';
import type { WebhookPayload } from '../../domain/webhooks.schemas.js';
import { startPolling } from '../../lib/polling.js';
import type { MailSealer } from '../mail/body-seal.js';
import {
  claimNextDelivery,
  disableEndpointAfterGone,
  endLeasesOfDeadDeliverers,
  findDeliveryEndpoint,
  markDeliveryFailed,
  markDeliveryRetry,
  markDeliverySucceeded,
  pruneFinishedDeliveries,
  type DeliveryRow,
  type TryOutcome,
} from './deliveries.repo.js';
import { retryDelayMs, MAX_WEBHOOK_ATTEMPTS } from './retry-schedule.js';
import type { HostResolver } from './ssrf-guard.js';
import { DEFAULT_WEBHOOK_TIMEOUT_MS, postWebhook, WebhookSendError } from './webhook-sender.js';
import { signWebhook } from './webhook-secret.js';

export interface WebhookLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface WebhookWorkerOptions {
  db: DB;
  /** Opens the endpoints' sealed secrets (the mail key, docs/decisions/017). */
  sealer: MailSealer;
  log: WebhookLog;
  /** PUBLIC_URL: the origin of the executed PDF's address in payloads. */
  publicUrl: string;
  /** WEBHOOKS_ALLOW_PRIVATE (tests only). */
  allowPrivate: boolean;
  pollMs?: number;
  /** Most deliveries tried per poll. */
  batchSize?: number;
  /** How long a claimed delivery is this worker's alone; longer than a try (the timeout). */
  leaseMs?: number;
  /** The answer deadline of each try: 15 s (tests set less). */
  timeoutMs?: number;
  /** The clock; tests move it instead of waiting for retry delays and leases. */
  now?: () => Date;
  /** DNS, for the connect-time address guard; tests inject names. */
  resolve?: HostResolver;
  /** Retry jitter in [0, 1); tests fix it. */
  random?: () => number;
}

export const DEFAULT_WEBHOOK_LEASE_MS = 180_000;

/** Pruning of old finished deliveries runs at most this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface WebhookWorker {
  /** One poll now (after any in flight); resolves with how many deliveries succeeded. */
  runOnce(): Promise<number>;
  /** Waits for a delivery in flight, then stops polling. Safe to call twice. */
  stop(): Promise<void>;
}

type Outcome = 'succeeded' | 'retry' | 'failed' | 'late';

/**
 * Sends queued webhooks (docs/decisions/025), one claimed delivery at a time, each signed at the
 * moment of its try. Delivery is at-least-once: the claim comes before the POST and the outcome
 * after it, so a crash between the two sends again once the lease ends; the unchanged
 * `webhook-id` lets the receiver drop the duplicate. Logs name the host and status, never the
 * secret or the body.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log, sealer, batchSize = 10 } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_WEBHOOK_LEASE_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const clock = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const policy = { allowPrivate: options.allowPrivate };
  let prunedAt = 0;
  if (options.allowPrivate) {
    log.warn(
      {},
      'webhooks: WEBHOOKS_ALLOW_PRIVATE is on, so webhooks may reach this machine and its network (tests only)',
    );
  }

  const recovered = endLeasesOfDeadDeliverers(db, clock()).then((count) => {
    if (count > 0) log.warn({ count }, 'webhooks: resending deliveries interrupted by a restart');
  });

  async function deliver(row: DeliveryRow): Promise<Outcome> {
    const endpoint = await findDeliveryEndpoint(db, row.endpoint_id);
    const attempts = row.attempts + 1;
    if (!endpoint || endpoint.disabled_at !== null) {
      // Queued while a 410 was disabling it: nothing more goes there.
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
      secrets = openSecrets(sealer, endpoint, now);
    } catch {
      // Sealed with another key (a database restored without its key file): it never opens.
      const outcome = {
        attempts: row.attempts,
        statusCode: null,
        error: 'The secret cannot be opened with this server’s key',
      };
      return (await markDeliveryFailed(db, row, outcome)) ? 'failed' : 'late';
    }
    const body = bodyToSend(row.payload, options.publicUrl);
    const host = new URL(endpoint.url).host;
    const facts = { deliveryId: row.id, endpointId: row.endpoint_id, host, attempts };
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
        timeoutMs,
        policy,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
    } catch (failure) {
      error = failure instanceof WebhookSendError ? failure.message : 'Delivery failed';
    }
    const outcome: TryOutcome = { attempts, statusCode, error };
    const at = clock().toISOString();
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      if (!(await markDeliverySucceeded(db, row, outcome, at))) return late(facts);
      log.info({ ...facts, status: statusCode }, 'webhooks: delivered');
      return 'succeeded';
    }
    if (statusCode === 410) {
      const gone = { ...outcome, error: 'The receiver answered 410 Gone' };
      if (!(await disableEndpointAfterGone(db, row, gone, at))) return late(facts);
      log.warn({ ...facts, status: statusCode }, 'webhooks: 410 Gone, endpoint disabled');
      return 'failed';
    }
    if (statusCode !== null) {
      // A redirect is not followed (it could lead anywhere); any other status is a failure.
      outcome.error = `The receiver answered HTTP ${statusCode}`;
    }
    if (attempts < MAX_WEBHOOK_ATTEMPTS) {
      const next = new Date(clock().getTime() + retryDelayMs(attempts, random)).toISOString();
      if (!(await markDeliveryRetry(db, row, outcome, next))) return late(facts);
      log.warn(
        { ...facts, status: statusCode, error: outcome.error, nextAttemptAt: next },
        'webhooks: delivery failed, will retry',
      );
      return 'retry';
    }
    if (!(await markDeliveryFailed(db, row, outcome))) return late(facts);
    log.warn({ ...facts, status: statusCode, error: outcome.error }, 'webhooks: failed for good');
    return 'failed';
  }

  function late(facts: object): Outcome {
    // The try outlived its lease and another instance took the delivery: it records the outcome.
    log.warn(facts, 'webhooks: delivered after its lease ran out');
    return 'late';
  }

  async function poll(): Promise<number> {
    let succeeded = 0;
    for (let tried = 0; tried < batchSize && !polling.stopped; tried += 1) {
      const row = await claimNextDelivery(db, clock(), leaseMs);
      if (!row) break;
      if ((await deliver(row)) === 'succeeded') succeeded += 1;
    }
    const now = clock().getTime();
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      await pruneFinishedDeliveries(db, clock());
    }
    return succeeded;
  }

  const polling = startPolling(poll, {
    pollMs: options.pollMs ?? 1000,
    onError: (error) => log.warn({ err: error }, 'webhooks: poll failed'),
    after: recovered,
  });
  return polling;
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
