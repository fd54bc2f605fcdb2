import type { DbOrTrx } from '../../db/kysely.js';

/** The sealed PDF of one owner's contract. */
export async function findOwnedExecutedPdf(db: DbOrTrx, userId: number, contractId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('contracts', 'contracts.id', 'documents.contract_id')
    .select(['documents.pdf', 'documents.contract_id'])
    .where('contracts.user_id', '=', userId)
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
