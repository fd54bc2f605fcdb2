import type { CompanyId } from '../../domain/team.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { ExecutedCopyStatus } from '../../domain/executed-copy.schemas.js';
import { AppError } from '../../lib/app-error.js';

async function findOwnedJob(db: DbOrTrx, companyId: CompanyId, contractId: number) {
  const contract = await db
    .selectFrom('contracts')
    .leftJoin('document_jobs', 'document_jobs.contract_id', 'contracts.id')
    .leftJoin('documents', 'documents.contract_id', 'contracts.id')
    .select([
      'document_jobs.status as job_status',
      'document_jobs.attempts',
      'document_jobs.last_error',
      'documents.contract_id as document_id',
    ])
    .where('contracts.id', '=', contractId)
    .where('contracts.company_id', '=', companyId)
    .executeTakeFirst();
  if (!contract) throw new AppError('NOT_FOUND', 'Contract not found');
  return contract;
}

/** Where the sealed PDF of one of the company's contracts stands. */
export async function getExecutedCopyStatus(
  db: DbOrTrx,
  companyId: CompanyId,
  contractId: number,
): Promise<ExecutedCopyStatus> {
  const job = await findOwnedJob(db, companyId, contractId);
  const attempts = job.attempts ?? 0;
  if (job.document_id !== null) return { state: 'ready', error: null, attempts };
  if (job.job_status === 'failed') return { state: 'failed', error: job.last_error, attempts };
  if (job.job_status === 'pending' || job.job_status === 'running') {
    return { state: 'in_progress', error: job.last_error, attempts };
  }
  return { state: 'none', error: null, attempts };
}

/**
 * Puts a failed PDF back in the queue at once, with fresh attempts. The contract stays completed
 * with its HTML copy; when the PDF is made, both parties receive it.
 */
export async function retryExecutedCopy(
  db: DbOrTrx,
  companyId: CompanyId,
  contractId: number,
  now = new Date(),
): Promise<ExecutedCopyStatus> {
  const job = await findOwnedJob(db, companyId, contractId);
  if (job.job_status !== 'failed' || job.document_id !== null) {
    throw new AppError('CONFLICT', 'Only a PDF that failed can be retried');
  }
  await db
    .updateTable('document_jobs')
    // The failure before the Retry is in the log; the page says only what this Retry's tries do.
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      finished_at: null,
      last_error: null,
    })
    .where('contract_id', '=', contractId)
    .where('status', '=', 'failed')
    .execute();
  return getExecutedCopyStatus(db, companyId, contractId);
}
