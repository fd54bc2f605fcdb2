import type { DbOrTrx } from '../../db/kysely.js';
import { engineOf } from '../../db/engine.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Language } from '../../domain/i18n/languages.js';
import { signerStatusOf, type Signer } from '../../domain/signers.js';

/** The columns every reader of a signer takes. */
const SIGNER_COLUMNS = [
  'id',
  'contract_id',
  'position',
  'name',
  'email',
  'phone',
  'language',
  'invited_at',
  'first_viewed_at',
  'last_viewed_at',
  'view_count',
  'reminders_sent',
  'last_reminder_at',
  'signed_at',
  'signed_name',
  'signature_png',
  'declined_at',
] as const;

/** Built once (docs/decisions/013): every opening of a signing page reads its contract's signers. */
const signersOfContract = preparedQuery((db, params: { contractId: number }) =>
  db
    .selectFrom('contract_signers')
    .select(SIGNER_COLUMNS)
    .where('contract_id', '=', params.contractId)
    .orderBy('position'),
);

export type SignerRow = Awaited<ReturnType<typeof signersOfContract>>[number];

/** A sent contract's signers, the client of record first; a draft has none. */
export function listSigners(db: DbOrTrx, contractId: number): Promise<SignerRow[]> {
  return signersOfContract(db, { contractId });
}

/** The signers of several contracts, by contract (a page of the list, an export). */
export async function signersByContract(
  db: DbOrTrx,
  contractIds: readonly number[],
): Promise<Map<number, SignerRow[]>> {
  const byContract = new Map<number, SignerRow[]>();
  if (contractIds.length === 0) return byContract;
  const rows = await db
    .selectFrom('contract_signers')
    .select(SIGNER_COLUMNS)
    .where('contract_id', 'in', contractIds)
    .orderBy('contract_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byContract.get(row.contract_id) ?? [];
    list.push(row);
    byContract.set(row.contract_id, list);
  }
  return byContract;
}

/** Built once, like the link's lookup: every opening of a signing page reads its signer. */
const signerById = preparedQuery((db, params: { signerId: number }) =>
  db.selectFrom('contract_signers').select(SIGNER_COLUMNS).where('id', '=', params.signerId),
);

export async function findSigner(db: DbOrTrx, signerId: number): Promise<SignerRow | undefined> {
  const [signer] = await signerById(db, { signerId });
  return signer;
}

/** The client of record's signer row (position 1). */
export async function firstSigner(db: DbOrTrx, contractId: number): Promise<SignerRow> {
  return db
    .selectFrom('contract_signers')
    .select(SIGNER_COLUMNS)
    .where('contract_id', '=', contractId)
    .where('position', '=', 1)
    .executeTakeFirstOrThrow();
}

/** The people who sign a contract being sent, in order; each is invited when mailed. */
export async function insertSigners(
  trx: DbOrTrx,
  contractId: number,
  people: readonly { name: string; email: string; phone: string | null; language?: Language }[],
  /** Everyone's language, unless a person brings their own (a change order's signers). */
  language: Language,
): Promise<SignerRow[]> {
  await trx
    .insertInto('contract_signers')
    .values(
      people.map((person, index) => ({
        contract_id: contractId,
        position: index + 1,
        name: person.name.trim(),
        email: person.email.trim(),
        phone: person.phone?.trim() || null,
        language: person.language ?? language,
      })),
    )
    .execute();
  return listSigners(trx, contractId);
}

/** A signer's first link was mailed: their turn has come. */
export async function markInvited(trx: DbOrTrx, signerId: number, at: string): Promise<void> {
  await trx
    .updateTable('contract_signers')
    .set({ invited_at: at })
    .where('id', '=', signerId)
    .where('invited_at', 'is', null)
    .execute();
}

/**
 * Locks the contract's row for the rest of the transaction on PostgreSQL, so that two signers
 * signing in the same instant take turns deciding who signed last. SQLite's one writer already
 * serializes them.
 */
export async function lockContractForSigners(trx: DbOrTrx, contractId: number): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await trx.selectFrom('contracts').select('id').where('id', '=', contractId).forUpdate().execute();
}

/** The answer's form of a signer. */
export function toSigner(row: SignerRow): Signer {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    status: signerStatusOf(row),
    invited_at: row.invited_at,
    viewed_at: row.first_viewed_at,
    view_count: row.view_count,
    reminders_sent: row.reminders_sent,
    last_reminder_at: row.last_reminder_at,
    signed_at: row.signed_at,
    declined_at: row.declined_at,
  };
}

/** What the audit trail says of the signer who acted (issue 37). */
export function signerFacts(row: Pick<SignerRow, 'id' | 'position' | 'name' | 'email'>) {
  return { id: row.id, position: row.position, name: row.name, email: row.email };
}
