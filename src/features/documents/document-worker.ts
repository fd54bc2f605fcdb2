import type { CompanyId } from '../../domain/team.js';
import { startPolling } from '../../lib/polling.js';
import { engineOf } from '../../db/engine.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { MailSealer } from '../mail/body-seal.js';
import { completeWithHtmlCopy, completeWithSealedPdf } from '../contracts/completion.js';
import { buildSealedExecutedCopy } from './executed-copy.js';
import type { SealSettings } from './seal-settings.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { claimNextDocumentJob, type DocumentJobClaim } from './document-claim.js';
import { DocumentTooLongError, type PdfRenderer } from './pdf-renderer.js';
import { describeRenderFailure } from './render-failure.js';
import { countSealedCopy } from '../ops/sealed-copy-counter.js';

export const MAX_RENDER_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000];

export interface DocumentWorker {
  /** Stops claiming, then waits for the copies in flight. Safe to call twice. */
  stop(): Promise<void>;
  /**
   * Claims what is due into free slots and waits until this process has nothing in flight and
   * nothing more it can claim; resolves with how many contracts were completed meanwhile.
   */
  runOnce(): Promise<number>;
}

/** Longer than a render may take (the renderer stops one at 60 s) plus sealing and storing. */
export const DEFAULT_RENDER_LEASE_MS = 180_000;

type JobClaim = DocumentJobClaim;

/**
 * Turns signed contracts into sealed executed copies, off the request path (docs/decisions/010). Jobs
 * live in the database: a crash or restart mid-render leaves a 'running' job, which any instance
 * takes again once its lease ends (on SQLite, at the next start). Jobs not yet tried go before
 * retries, so one company's failing document never holds up another's; a document too long to
 * print fails at once. After the last failed attempt
 * the contract completes with the HTML copy, so a signed contract is never left without one; the
 * contractor can retry the PDF from the contract's page.
 *
 * Several copies are made at once (issue 33): up to `concurrency` jobs in flight, their pages
 * printed side by side in the one Chromium (createPdfRenderer's slots), each with its own
 * deadline and page limit. Each claim takes the next company in turn, and a company holding
 * `perCompany` of the slots is passed over while another company has a job due, so one
 * contractor's twenty signatures do not hold up another's one; a slot never idles while any job
 * is due.
 */
export function startDocumentWorker(options: {
  db: DB;
  renderer: PdfRenderer;
  publicUrl: string;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  pollMs?: number;
  /** Seals the mails of completed contracts (docs/decisions/017). */
  mailSealer: MailSealer;
  /** Whose certificate seals the copies and which timestamp authority dates them (issue 39). */
  seal?: SealSettings;
  /** The clock; tests move it instead of waiting for retry delays. */
  now?: () => Date;
  leaseMs?: number;
  /** Copies in flight at once in this process; by default as many as the renderer prints. */
  concurrency?: number;
  /** Most of those one company holds while another company has a job due: half by default. */
  perCompany?: number;
}): DocumentWorker {
  const { db, log } = options;
  const clock = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_RENDER_LEASE_MS;
  const concurrency = Math.max(1, options.concurrency ?? options.renderer.concurrency);
  const perCompany = Math.max(1, options.perCompany ?? Math.floor(concurrency / 2));
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
      const pdf = await buildSealedExecutedCopy(db, options.renderer, contractId, {
        publicUrl: options.publicUrl,
        log,
        seal: options.seal ?? {},
        clock,
        lastAttempt: attempts >= MAX_RENDER_ATTEMPTS,
      });
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
      countSealedCopy('made');
      log.info(
        { contractId, ms: Date.now() - startedAt, bytes: pdf.bytes.length },
        'sealed executed copy ready',
      );
      return true;
    } catch (error) {
      countSealedCopy('failed');
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

  /** Each copy in flight in this process, by contract. */
  const inFlight = new Map<number, Promise<void>>();
  /** How many of those each company holds. */
  const heldByCompany = new Map<CompanyId, number>();
  /** The company claimed for last: the next claim starts after it. */
  let lastCompany = 0;
  let completed = 0;
  const onError = (error: unknown) => log.warn({ err: error }, 'document worker poll failed');

  function start(claim: JobClaim): void {
    heldByCompany.set(claim.company_id, (heldByCompany.get(claim.company_id) ?? 0) + 1);
    const making = processOne(claim)
      .then((done) => {
        if (done) completed += 1;
      })
      .catch((error: unknown) => {
        // Its lease still holds it: once that ends, any instance takes it again.
        log.warn({ err: error, contractId: claim.contract_id }, 'executed copy not recorded');
      })
      .finally(() => {
        inFlight.delete(claim.contract_id);
        const held = (heldByCompany.get(claim.company_id) ?? 1) - 1;
        if (held > 0) heldByCompany.set(claim.company_id, held);
        else heldByCompany.delete(claim.company_id);
        // A slot is free: the next job in turn starts now, not at the next tick.
        if (!polling.stopped) polling.runOnce().catch(onError);
      });
    inFlight.set(claim.contract_id, making);
  }

  /** The next job in turn, passing over companies at their share unless nobody else is due. */
  async function claimInTurn(): Promise<JobClaim | undefined> {
    const full = [...heldByCompany].filter(([, held]) => held >= perCompany).map(([id]) => id);
    const turn = { afterCompanyId: lastCompany, skipCompanyIds: full };
    const claim = await claimNextDocumentJob(db, clock(), leaseMs, turn);
    if (claim || full.length === 0) return claim;
    return claimNextDocumentJob(db, clock(), leaseMs, { ...turn, skipCompanyIds: [] });
  }

  /**
   * One pass: claims into the free slots, then returns without waiting for the copies. True when
   * it found this process idle: nothing in flight when it began, and nothing to claim.
   */
  async function fillFreeSlots(): Promise<boolean> {
    let idle = inFlight.size === 0;
    while (!polling.stopped && inFlight.size < concurrency) {
      const claim = await claimInTurn();
      if (!claim) break;
      lastCompany = claim.company_id;
      idle = false;
      start(claim);
    }
    return idle;
  }

  const polling = startPolling(fillFreeSlots, {
    pollMs: options.pollMs ?? 1000,
    onError,
    after: requeued,
  });

  return {
    async runOnce() {
      const before = completed;
      // Passes queued by copies that ended (the refill in `start`) run before the next one asked
      // for here: only a pass that found nothing in flight and nothing to claim ends the wait.
      while (!(await polling.runOnce()) || inFlight.size > 0) {
        while (inFlight.size > 0) await Promise.race(inFlight.values());
      }
      return completed - before;
    },
    async stop() {
      await polling.stop();
      await Promise.allSettled(inFlight.values());
    },
  };
}
