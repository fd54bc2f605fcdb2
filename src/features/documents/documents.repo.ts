import type { CompanyId } from '../../domain/team.js';
import type { DbOrTrx } from '../../db/kysely.js';

/** The sealed PDF of one of the company's contracts. */
export async function findOwnedExecutedPdf(db: DbOrTrx, companyId: CompanyId, contractId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('contracts', 'contracts.id', 'documents.contract_id')
    .select(['documents.pdf', 'documents.contract_id'])
    .where('contracts.company_id', '=', companyId)
    .where('documents.contract_id', '=', contractId)
    .executeTakeFirst();
}

export async function findExecutedPdf(db: DbOrTrx, contractId: number) {
  return db
    .selectFrom('documents')
    .select(['pdf', 'contract_id'])
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
}

/**
 * The SHA-256 of a contract's sealed copy, or null when it has none (not made yet, or its PDF
 * failed and the copy went out as HTML): what a change order's record names it by (issue 38).
 */
export async function findSealedCopySha256(db: DbOrTrx, contractId: number) {
  const sealed = await db
    .selectFrom('documents')
    .select('pdf_sha256')
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  return sealed?.pdf_sha256 ?? null;
}
