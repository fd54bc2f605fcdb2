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
