import type { CompanyId } from '../../domain/team.js';
import type { DB } from '../../db/kysely.js';
import { startPolling } from '../../lib/polling.js';
import type { MailSealer } from '../mail/body-seal.js';
import { endLeasesOfDeadDeliverers, pruneFinishedDeliveries } from './deliveries.repo.js';
import { claimNextDelivery, type ClaimedDelivery } from './delivery-claim.js';
import type { HostResolver } from './ssrf-guard.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_WEBHOOK_TIMEOUT_MS } from './webhook-sender.js';
import { tryDelivery, type TryContext, type WebhookLog } from './webhook-try.js';

export type { WebhookLog } from './webhook-try.js';

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
  /** Most deliveries in flight at once in this process (docs/decisions/040). */
  concurrency?: number;
  /** Most of those one company may hold: half by default, so other companies always find room. */
  perCompany?: number;
  /** How long a claimed delivery is this worker's alone; longer than a try (the timeout). */
  leaseMs?: number;
  /** The deadline of each whole try, connecting to the answer's end: 15 s (tests set less). */
  timeoutMs?: number;
  /** The deadline of the connection alone, within the try's: 5 s (tests set less). */
  connectTimeoutMs?: number;
  /** The clock; tests move it instead of waiting for retry delays and leases. */
  now?: () => Date;
  /** DNS, for the connect-time address guard; tests inject names. */
  resolve?: HostResolver;
  /** Retry jitter in [0, 1); tests fix it. */
  random?: () => number;
}

export const DEFAULT_WEBHOOK_LEASE_MS = 180_000;
/** Eight slow receivers at 15 s each still leave the queue moving at one try every 2 s. */
export const DEFAULT_WEBHOOK_CONCURRENCY = 8;

/** Pruning of old finished deliveries runs at most this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface WebhookWorker {
  /**
   * Claims what is due now into free slots and waits until this process has nothing in flight
   * and nothing more it can claim; resolves with how many deliveries succeeded meanwhile.
   */
  runOnce(): Promise<number>;
  /** Stops claiming, then waits for the tries in flight. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Sends queued webhooks (docs/decisions/025, 040). Up to `concurrency` tries run at once, at most
 * one per endpoint (across every instance: the claim checks the database) and at most
 * `perCompany` per company, and each claim takes the next company in turn, so one company's slow
 * receivers cannot hold up another's events. Each try is claimed with a lease before it is sent
 * and recorded after, so delivery is at-least-once: a crash between the two sends again once the
 * lease ends, and the unchanged `webhook-id` lets the receiver drop the duplicate.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = options;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY);
  const perCompany = Math.max(1, options.perCompany ?? Math.floor(concurrency / 2));
  const leaseMs = options.leaseMs ?? DEFAULT_WEBHOOK_LEASE_MS;
  const clock = options.now ?? (() => new Date());
  const context: TryContext = {
    db,
    sealer: options.sealer,
    log,
    publicUrl: options.publicUrl,
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    clock,
    random: options.random ?? Math.random,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  };
  if (options.allowPrivate) {
    log.warn(
      {},
      'webhooks: WEBHOOKS_ALLOW_PRIVATE is on, so webhooks may reach this machine and its network (tests only)',
    );
  }

  /** Each try in flight in this process, by delivery id. */
  const inFlight = new Map<number, Promise<void>>();
  /** How many of those each company holds. */
  const heldByCompany = new Map<CompanyId, number>();
  /** The company claimed for last: the next claim starts after it. */
  let lastCompany = 0;
  let succeeded = 0;
  let prunedAt = 0;

  const onError = (error: unknown) => log.warn({ err: error }, 'webhooks: poll failed');

  function start(row: ClaimedDelivery): void {
    heldByCompany.set(row.company_id, (heldByCompany.get(row.company_id) ?? 0) + 1);
    const sending = tryDelivery(context, row)
      .then((result) => {
        if (result === 'succeeded') succeeded += 1;
      })
      .catch((error: unknown) => {
        // Its lease still holds it: once that ends, any instance tries it again.
        log.warn({ err: error, deliveryId: row.id }, 'webhooks: a try could not be recorded');
      })
      .finally(() => {
        inFlight.delete(row.id);
        const held = (heldByCompany.get(row.company_id) ?? 1) - 1;
        if (held > 0) heldByCompany.set(row.company_id, held);
        else heldByCompany.delete(row.company_id);
        // A slot is free: the next delivery in turn goes now, not at the next tick.
        if (!polling.stopped) polling.runOnce().catch(onError);
      });
    inFlight.set(row.id, sending);
  }

  /**
   * One pass: claims into the free slots, then returns without waiting for the tries. True when
   * it found this process idle: nothing in flight when it began, and nothing to claim.
   */
  async function fillFreeSlots(): Promise<boolean> {
    let idle = inFlight.size === 0;
    while (!polling.stopped && inFlight.size < concurrency) {
      const full = [...heldByCompany].filter(([, held]) => held >= perCompany).map(([id]) => id);
      const row = await claimNextDelivery(db, clock(), leaseMs, {
        afterCompanyId: lastCompany,
        skipCompanyIds: full,
      });
      if (!row) break;
      lastCompany = row.company_id;
      idle = false;
      start(row);
    }
    const now = clock().getTime();
    if (!polling.stopped && now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      await pruneFinishedDeliveries(db, clock());
    }
    return idle;
  }

  const recovered = endLeasesOfDeadDeliverers(db, clock()).then((count) => {
    if (count > 0) log.warn({ count }, 'webhooks: resending deliveries interrupted by a restart');
  });
  const polling = startPolling(fillFreeSlots, {
    pollMs: options.pollMs ?? 1000,
    onError,
    after: recovered,
  });

  return {
    async runOnce() {
      const before = succeeded;
      // Passes queued by tries that ended (the refill in `start`) run before the next one asked
      // for here: only a pass that found nothing in flight and nothing to claim ends the wait.
      while (!(await polling.runOnce()) || inFlight.size > 0) {
        while (inFlight.size > 0) await Promise.race(inFlight.values());
      }
      return succeeded - before;
    },
    async stop() {
      await polling.stop();
      await Promise.allSettled(inFlight.values());
    },
  };
}
