import type { DbOrTrx } from '../../db/kysely.js';
import { NO_MATCH_MESSAGE, type VerifyResult } from '../../domain/verify.schemas.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Is `sha256` (lower-case hex) the fingerprint of the sealed executed copy of a completed
 * contract? Unknown fingerprints and contracts not (or no longer) completed are the same 404, so
 * the answer tells nothing about drafts or contracts still out for signature.
 */
export async function verifyExecutedCopy(db: DbOrTrx, sha256: string): Promise<VerifyResult> {
  const row = await db
    .selectFrom('documents')
    .innerJoin('contracts', 'contracts.id', 'documents.contract_id')
    .select([
      'documents.contract_id',
      'documents.created_at',
      'contracts.company_name',
      'contracts.client_name',
    ])
    .where('documents.pdf_sha256', '=', sha256)
    .where('contracts.status', '=', 'completed')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NO_MATCH_MESSAGE);
  return {
    genuine: true,
    contract_id: row.contract_id,
    contractor: row.company_name,
    client: row.client_name,
    completed_at: row.created_at,
  };
}
