import { startPolling } from '../../lib/polling.js';
import { engineOf } from '../../db/engine.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { claimWithLease, type LeasedQueue } from '../../db/claim-with-lease.js';
import type { MailSealer } from '../mail/body-seal.js';
import { completeWithHtmlCopy, completeWithSealedPdf } from '../contracts/completion.js';
import { buildSealedExecutedCopy } from './executed-copy.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { DocumentTooLongError, type PdfRenderer } from './pdf-renderer.js';
import { describeRenderFailure } from './render-failure.js';

export const MAX_RENDER_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000];

export interface DocumentWorker {
  stop(): Promise<void>;
  /** Processes due jobs now; resolves with how many contracts were completed. */
  runOnce(): Promise<number>;
}

/** Longer than a render may take (the renderer stops one at 60 s) plus sealing and storing. */
export const DEFAULT_RENDER_LEASE_MS = 180_000;

/** A job as its claim holds it: only the lease's holder records the outcome. */
interface JobClaim {
  contract_id: number;
  attempts: number;
  lease_token: string | null;
}

const DOCUMENT_JOBS_QUEUE: LeasedQueue<'document_jobs'> = {
  table: 'document_jobs',
  key: 'contract_id',
  waiting: 'pending',
  held: 'running',
  order: ['attempts', 'next_attempt_at'],
  countAttemptOnClaim: true,
};

/**
 * Takes the next due job: pending and due, or running with its lease run out (the instance
 * rendering it died). Fewest attempts first, so a document that keeps failing waits behind
 * everyone's new work. On PostgreSQL the candidate is locked with SKIP LOCKED
 * (docs/decisions/023).
 */
function claimNextJob(db: DB, now: Date, leaseMs: number): Promise<JobClaim | undefined> {
  return claimWithLease(db, DOCUMENT_JOBS_QUEUE, now, leaseMs);
}

/**
 * Turns signed contracts into sealed executed copies, off the request path (docs/decisions/010). Jobs
 * live in the database: a crash or restart mid-render leaves a 'running' job, which any instance
 * takes again once its lease ends (on SQLite, at the next start). Jobs not yet tried go before retries, so one account's failing document never
 * holds up another's; a document too long to print fails at once. After the last failed attempt
 * the contract completes with the HTML copy, so a signed contract is never left without one; the
 * contractor can retry the PDF from the contract's page.
 */
export function startDocumentWorker(options: {
  db: DB;
  renderer: PdfRenderer;
  publicUrl: string;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  pollMs?: number;
  /** Seals the mails of completed contracts (docs/decisions/017). */
  mailSealer: MailSealer;
  /** The clock; tests move it instead of waiting for retry delays. */
  now?: () => Date;
  leaseMs?: number;
}): DocumentWorker {
  const { db, log } = options;
  const clock = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_RENDER_LEASE_MS;
  // SQLite: one process owns the file, so jobs left running died with the last one and go back
  // now. PostgreSQL: another instance may be rendering them; only their lease frees them.
  const requeued =
    engineOf(db) === 'sqlite'
      ? db
          .updateTable('document_jobs')
          .set({ status: 'pending', next_attempt_at: clock().toISOString(), lease_token: null })
          .where('status', '=', 'running')
          .execute()
      : Promise.resolve();

  /** Narrows an update to the job while this claim still holds it. */
  const held = (executor: DbOrTrx, claim: JobClaim) =>
    executor
      .updateTable('document_jobs')
      .where('contract_id', '=', claim.contract_id)
      .where('status', '=', 'running')
      .where('lease_token', '=', claim.lease_token);

  async function processOne(claim: JobClaim): Promise<boolean> {
    const { contract_id: contractId, attempts } = claim;
    const startedAt = Date.now();
    try {
      const pdf = await buildSealedExecutedCopy(
        db,
        options.renderer,
        contractId,
        options.publicUrl,
        log,
      );
      const now = clock().toISOString();
      const recorded = await db.transaction().execute(async (trx) => {
        const done = await held(trx, claim)
          .set({ status: 'done', last_error: null, finished_at: now, lease_token: null })
          .executeTakeFirst();
        if (done.numUpdatedRows === 0n) return false;
        await completeWithSealedPdf(trx, contractId, now, pdf, options.mailSealer);
        // Also after a retry of a contract completed with the HTML copy: now the PDF exists.
        await queueWebhookEvent(trx, { type: 'contract.completed', contractId, at: now });
        return true;
      });
      if (!recorded) {
        // The render outlived its lease; the instance that took the job again completes it.
        log.warn({ contractId }, 'executed copy finished after its lease ran out: discarded');
        return false;
      }
      log.info(
        { contractId, ms: Date.now() - startedAt, bytes: pdf.bytes.length },
        'sealed executed copy ready',
      );
      return true;
    } catch (error) {
      const reason = describeRenderFailure(error);
      const now = clock();
      if (attempts >= MAX_RENDER_ATTEMPTS || error instanceof DocumentTooLongError) {
        log.warn({ contractId, reason }, 'executed copy failed for good: sending the HTML copy');
        return db.transaction().execute(async (trx) => {
          const failed = await held(trx, claim)
            .set({
              status: 'failed',
              last_error: reason,
              finished_at: now.toISOString(),
              lease_token: null,
            })
            .executeTakeFirst();
          if (failed.numUpdatedRows === 0n) return false;
          await completeWithHtmlCopy(trx, contractId, now.toISOString(), options.mailSealer);
          await queueWebhookEvent(trx, {
            type: 'contract.completed',
            contractId,
            at: now.toISOString(),
          });
          return true;
        });
      }
      const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
      log.warn({ contractId, reason, attempts }, 'executed copy failed; will retry');
      await held(db, claim)
        .set({
          status: 'pending',
          last_error: reason,
          next_attempt_at: new Date(now.getTime() + delay).toISOString(),
          lease_token: null,
        })
        .execute();
      return false;
    }
  }

  async function poll(): Promise<number> {
    let completed = 0;
    while (!polling.stopped) {
      const claim = await claimNextJob(db, clock(), leaseMs);
      if (!claim) break;
      if (await processOne(claim)) completed += 1;
    }
    return completed;
  }

  const polling = startPolling(poll, {
    pollMs: options.pollMs ?? 1000,
    onError: (error) => log.warn({ err: error }, 'document worker poll failed'),
    after: requeued,
  });
  return polling;
}
