import type { CompanyId } from '../../domain/team.js';
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import { engineOf } from '../../db/engine.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { ContractsTable, Database } from '../../db/schema.js';
import type { Language } from '../../domain/i18n/languages.js';
import type { SigningOrder } from '../../domain/signers.js';
import type { ContractCursor } from '../../domain/contract-list.schemas.js';
import type { ContractStatus } from '../../domain/contract-lifecycle.js';
import type { SearchTerm } from './contract-search-text.js';

export type ContractRow = Awaited<ReturnType<typeof findContractRow>>;
/** A contract row that was found. */
export type FoundContractRow = NonNullable<ContractRow>;

/** A contract of the company; a change order is not one (issue 38: its own routes find it). */
export async function findContractRow(db: DbOrTrx, companyId: CompanyId, id: number) {
  return db
    .selectFrom('contracts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('change_order_of', 'is', null)
    .executeTakeFirst();
}

/** The columns of a card: no JSON columns, no signatures, no snapshots. */
export const CARD_COLUMNS = [
  'id',
  'status',
  'created_at',
  'updated_at',
  'sent_at',
  'total_price_cents',
  'client_name',
  'expires_at',
  'last_reminder_at',
  'original_id',
  'revision_number',
  'closed_at',
  'view_count',
  'last_viewed_at',
  'created_by_user_id',
  'sent_by_user_id',
  // Issue 36: "Paid $1,650 of $5,000", and the "Payment due" filter's column.
  'paid_cents',
  'payment_due_at',
  // Issue 37: "1 of 2 signed".
  'signer_count',
  'signers_signed',
] as const;

/**
 * Every card of this owner (the REST list has no page size), as one JSON text made by the
 * database: an array, newest first, of one array per card holding its CARD_COLUMNS in that
 * order. Turning 50 rows into 50 objects of 14 fields cost about a third of a list read after a
 * write; one string costs a fraction of that, and two reads of unchanged cards give the same
 * text (issue 33). The order is the aggregate's own, which both engines keep. The same pass
 * finds the owner's earliest deadline awaiting signature (as nextDeadlineOfCompany does).
 */
/**
 * Whose contracts a list reads (issue 35): the company's, or, for "Mine", only those one person
 * of it wrote or sent.
 */
export interface ListScope {
  companyId: CompanyId;
  onlyOf: number | null;
  /** "Payment due" (issue 36): only the contracts with a payment due and not yet paid. */
  paymentDue: boolean;
}

/** A list query narrowed to the scope's person and to "Payment due", as asked. */
function narrowed<Query extends SelectQueryBuilder<Database, 'contracts', object>>(
  query: Query,
  scope: ListScope,
): Query {
  let narrow = query;
  if (scope.onlyOf !== null) narrow = narrow.where(writtenOrSentBy(scope.onlyOf)) as Query;
  if (scope.paymentDue) narrow = narrow.where('payment_due_at', 'is not', null) as Query;
  return narrow;
}

/** "Mine": written or sent by the person. */
const writtenOrSentBy = (personId: number) => (eb: ExpressionBuilder<Database, 'contracts'>) =>
  eb.or([eb('created_by_user_id', '=', personId), eb('sent_by_user_id', '=', personId)]);

function cardsTextQuery(db: DbOrTrx, companyId: CompanyId) {
  const values = sql.join(CARD_COLUMNS.map((column) => sql.ref(column)));
  const newestFirst = sql`ORDER BY created_at DESC, id DESC`;
  const cards =
    engineOf(db) === 'postgres'
      ? sql<string>`coalesce(json_agg(json_build_array(${values}) ${newestFirst}), '[]')::text`
      : sql<string>`json_group_array(json_array(${values}) ${newestFirst})`;
  const deadline = sql<string | null>`min(CASE WHEN status = 'sent' THEN expires_at END)`;
  // The company's people as [id, name, email], so the cards' names cost no second query and a
  // renamed person changes the text that decides whether the list changed.
  const people =
    engineOf(db) === 'postgres'
      ? sql<string>`(SELECT coalesce(json_agg(json_build_array(p.id, p.name, p.email) ORDER BY p.id), '[]')::text
          FROM users p WHERE p.company_id = ${companyId})`
      : sql<string>`(SELECT json_group_array(json_array(p.id, p.name, p.email))
          FROM (SELECT id, name, email FROM users WHERE company_id = ${companyId} ORDER BY id) p)`;
  return db
    .selectFrom('contracts')
    .select([cards.as('cards'), deadline.as('deadline'), people.as('people')])
    .where('company_id', '=', companyId)
    .where('change_order_of', 'is', null);
}

export const contractCardsText = preparedQuery((db, params: { companyId: CompanyId }) =>
  cardsTextQuery(db, params.companyId),
);

/** The same for "Mine": the deadline is still the company's, as expiry needs it. */
const personCardsText = preparedQuery((db, params: { companyId: CompanyId; personId: number }) =>
  cardsTextQuery(db, params.companyId).where(writtenOrSentBy(params.personId)),
);

export async function listContractCardsText(
  db: DbOrTrx,
  scope: ListScope,
): Promise<{ cards: string; deadline: string | null | undefined; people: string }> {
  const { companyId, onlyOf } = scope;
  const [row] = scope.paymentDue
    ? // The "Payment due" list is the contractor's to-do of a few cards: built as it is asked.
      [await narrowed(cardsTextQuery(db, companyId), scope).executeTakeFirst()]
    : onlyOf === null
      ? await contractCardsText(db, { companyId })
      : await personCardsText(db, { companyId, personId: onlyOf });
  // Undefined: not these cards' deadline but the company's, which the caller reads.
  const whole = onlyOf === null && !scope.paymentDue;
  return {
    cards: row?.cards ?? '[]',
    deadline: whole ? (row?.deadline ?? null) : undefined,
    people: row?.people ?? '[]',
  };
}

/**
 * One page of cards in the given statuses, newest first, after the cursor. Keyset paging on the
 * contracts_user_status_created index: a later page costs the same as the first.
 */
export async function listContractPageRows(
  db: DbOrTrx,
  scope: ListScope,
  statuses: readonly ContractStatus[],
  cursor: ContractCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('contracts')
    .select(CARD_COLUMNS)
    .where('company_id', '=', scope.companyId)
    .where('change_order_of', 'is', null)
    .where('status', 'in', statuses);
  query = narrowed(query, scope);
  if (cursor) {
    // A row value, not an OR: SQLite turns it into a range seek on the index.
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.created_at, cursor.id)),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** What a search keeps: every term must match; null statuses keep every status. */
export interface ContractSearch {
  terms: readonly SearchTerm[];
  statuses: readonly ContractStatus[] | null;
}

/**
 * This owner's cards that hold every term, in the given statuses, newest first, after the
 * cursor. The list indexes carry the folded `search_text`, so this walks one owner's range of an
 * index and never reads the table or another account's rows (docs/decisions/033).
 */
export function contractSearchQuery(
  db: DbOrTrx,
  scope: ListScope,
  search: ContractSearch,
  cursor: ContractCursor | null,
) {
  let query = db
    .selectFrom('contracts')
    .select(CARD_COLUMNS)
    .where('company_id', '=', scope.companyId)
    .where('change_order_of', 'is', null);
  query = narrowed(query, scope);
  if (search.statuses) query = query.where('status', 'in', search.statuses);
  for (const term of search.terms) {
    query = query.where((eb) => {
      // An explicit ESCAPE: SQLite has no default one and PostgreSQL's is the backslash.
      const contains = sql<boolean>`${eb.ref('search_text')} like ${term.pattern} escape '!'`;
      return term.contractId === null
        ? contains
        : eb.or([contains, eb('id', '=', term.contractId)]);
    });
  }
  if (cursor) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.created_at, cursor.id)),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** The matches of a search: a page of `limit` (after the cursor), or all of them when null. */
export async function listContractSearchRows(
  db: DbOrTrx,
  scope: ListScope,
  search: ContractSearch,
  cursor: ContractCursor | null,
  limit: number | null,
) {
  const query = contractSearchQuery(db, scope, search, cursor);
  return limit === null ? query.execute() : query.limit(limit).execute();
}

/** How many contracts of the scope are in each status (read from the index alone). */
export async function countContractsByStatus(db: DbOrTrx, scope: ListScope) {
  let query = db
    .selectFrom('contracts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('company_id', '=', scope.companyId)
    .where('change_order_of', 'is', null);
  query = narrowed(query, scope);
  return query.groupBy('status').execute();
}

/** The revision made from this contract, if any (one at most: a unique index). */
export async function findRevisionId(db: DbOrTrx, contractId: number) {
  const row = await db
    .selectFrom('contracts')
    .select('id')
    .where('revision_of', '=', contractId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * What a new draft takes from an existing contract when it is copied or revised: the client,
 * the language, whether it is a home sale, the scope, the price and the stages (whose stored
 * amounts already add up to the total, docs/decisions/008), the signing order and the draft's
 * co-signers as stored (a sent contract's are its signers: see coSignersOfContract). Never a
 * signature, a frozen document or a link.
 */
export function draftContentOf(
  row: Pick<
    ContractsTable,
    | 'client_name'
    | 'client_email'
    | 'client_phone'
    | 'client_address'
    | 'scope_clean'
    | 'total_price_cents'
    | 'payment_plan_json'
    | 'co_signers_json'
  > & { language: Language; scope_raw: string; home_sale: number; signing_order: SigningOrder },
) {
  return {
    client_name: row.client_name,
    client_email: row.client_email,
    client_phone: row.client_phone,
    client_address: row.client_address,
    language: row.language,
    home_sale: row.home_sale,
    scope_raw: row.scope_raw,
    scope_clean: row.scope_clean,
    total_price_cents: row.total_price_cents,
    payment_plan_json: row.payment_plan_json,
    co_signers_json: row.co_signers_json,
    signing_order: row.signing_order,
  };
}

export async function insertContractRow(db: DbOrTrx, row: Insertable<ContractsTable>) {
  const inserted = await db
    .insertInto('contracts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * A draft a phone made (issue 40), inserted unless the company already has one with its
 * `client_draft_id`: the new id, or undefined when the draft was sent before. ON CONFLICT rather
 * than catching the unique violation, which would abort a PostgreSQL transaction; a concurrent
 * insert of the same draft waits for the first to commit, then does nothing. The conflict target
 * repeats the partial index's predicate, as both engines require.
 */
export async function insertPhoneDraftRow(
  db: DbOrTrx,
  row: Insertable<ContractsTable> & { client_draft_id: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('contracts')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'client_draft_id'])
        .where('client_draft_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** The contract a phone's draft became, by the id the phone gave it. */
export async function findPhoneDraftId(
  db: DbOrTrx,
  companyId: CompanyId,
  clientDraftId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('contracts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('client_draft_id', '=', clientDraftId)
    .executeTakeFirst();
  return row?.id;
}

/** How a write of a draft counts against its `draft_version` (issue 40). */
export interface DraftWrite {
  /** The write changes what the draft says or its signature: the version goes up by one. */
  newVersion: boolean;
  /** Write only if the draft is still at this version (compare-and-set); undefined: any. */
  baseVersion?: number | undefined;
}

/**
 * Updates a draft of this owner; the status condition makes a concurrent send win cleanly, and
 * the version condition a concurrent save from another device. False when nothing was written.
 */
export async function updateDraftRow(
  db: DbOrTrx,
  companyId: CompanyId,
  id: number,
  changes: Updateable<ContractsTable>,
  write: DraftWrite,
): Promise<boolean> {
  let query = db
    .updateTable('contracts')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'draft');
  if (write.newVersion) {
    query = query.set((eb) => ({ draft_version: eb('draft_version', '+', 1) }));
  }
  if (write.baseVersion !== undefined) {
    query = query.where('draft_version', '=', write.baseVersion);
  }
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The earliest deadline among this owner's contracts awaiting signature, if any. */
export const nextDeadlineOfCompany = preparedQuery((db, params: { companyId: CompanyId }) =>
  db
    .selectFrom('contracts')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('company_id', '=', params.companyId)
    .where('status', '=', 'sent'),
);
