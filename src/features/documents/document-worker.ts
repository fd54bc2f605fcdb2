import { startPolling } from '../../lib/polling.js';
import type { DB } from '../../db/kysely.js';
import type { MailSealer } from '../mail/body-seal.js';
import { completeWithHtmlCopy, completeWithSealedPdf } from '../contracts/completion.js';
import { buildSealedExecutedCopy } from './executed-copy.js';
import { DocumentTooLongError, type PdfRenderer } from './pdf-renderer.js';

export const MAX_RENDER_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000];

export interface DocumentWorker {
  stop(): Promise<void>;
  /** Processes due jobs now; resolves with how many contracts were completed. */
  runOnce(): Promise<number>;
}

/**
 * Turns signed contracts into sealed executed copies, off the request path (docs/decisions/010). Jobs
 * live in the database: a crash or restart mid-render leaves a 'running' job, which is picked up
 * again at start. Jobs not yet tried go before retries, so one account's failing document never
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
}): DocumentWorker {
  const { db, log } = options;
  const clock = options.now ?? (() => new Date());
  // Jobs a crash or restart left running go back in the queue before the first pass.
  const requeued = db
    .updateTable('document_jobs')
    .set({ status: 'pending' })
    .where('status', '=', 'running')
    .execute();

  async function processOne(contractId: number, attempts: number): Promise<boolean> {
    const startedAt = Date.now();
    try {
      const pdf = await buildSealedExecutedCopy(
        db,
        options.renderer,
        contractId,
        options.publicUrl,
      );
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await completeWithSealedPdf(trx, contractId, now, pdf, options.mailSealer);
        await trx
          .updateTable('document_jobs')
          .set({ status: 'done', last_error: null, finished_at: now })
          .where('contract_id', '=', contractId)
          .execute();
      });
      log.info(
        { contractId, ms: Date.now() - startedAt, bytes: pdf.bytes.length },
        'sealed executed copy ready',
      );
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
      const now = clock();
      if (attempts >= MAX_RENDER_ATTEMPTS || error instanceof DocumentTooLongError) {
        log.warn({ contractId, reason }, 'executed copy failed for good: sending the HTML copy');
        await db.transaction().execute(async (trx) => {
          await completeWithHtmlCopy(trx, contractId, now.toISOString(), options.mailSealer);
          await trx
            .updateTable('document_jobs')
            .set({ status: 'failed', last_error: reason, finished_at: now.toISOString() })
            .where('contract_id', '=', contractId)
            .execute();
        });
        return true;
      }
      const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
      log.warn({ contractId, reason, attempts }, 'executed copy failed; will retry');
      await db
        .updateTable('document_jobs')
        .set({
          status: 'pending',
          last_error: reason,
          next_attempt_at: new Date(now.getTime() + delay).toISOString(),
        })
        .where('contract_id', '=', contractId)
        .execute();
      return false;
    }
  }

  async function poll(): Promise<number> {
    let completed = 0;
    while (!polling.stopped) {
      // Fewest attempts first: a document that keeps failing waits behind everyone's new work.
      const due = await db
        .selectFrom('document_jobs')
        .select(['contract_id', 'attempts'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', clock().toISOString())
        .orderBy('attempts')
        .orderBy('next_attempt_at')
        .executeTakeFirst();
      if (!due) break;
      const claimed = await db
        .updateTable('document_jobs')
        .set({ status: 'running', attempts: due.attempts + 1 })
        .where('contract_id', '=', due.contract_id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      if (await processOne(due.contract_id, due.attempts + 1)) completed += 1;
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
