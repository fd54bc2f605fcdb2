import type { CompanyId } from '../../domain/team.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { createReadCache } from '../../db/read-cache.js';
import { statusesInSection } from '../../domain/contract-lifecycle.js';
import {
  type ContractCounts,
  type ContractPage,
  type ContractPageQuery,
  type ContractSection,
} from '../../domain/contract-list.schemas.js';
import {
  statusesOf,
  type ContractFilter,
  type ContractSearchQuery,
} from '../../domain/contract-search.schemas.js';
import type { ContractSummary, PersonRef } from '../../domain/contracts.schemas.js';
import { displayName } from '../../domain/team.js';
import { expireOverdue } from './expiry.js';
import { listFailedMailContractIds } from '../mail/outbox.repo.js';
import {
  CARD_COLUMNS,
  countContractsByStatus,
  listContractCardsText,
  listContractPageRows,
  listContractSearchRows,
  nextDeadlineOfCompany,
  type ListScope,
} from './contracts.repo.js';
import { peopleNamed } from '../credentials/people-names.js';
import { searchTerms } from './contract-search-text.js';
import { toContractSummary, type CardRow } from './contract-mapping.js';

/**
 * The contracts list, its pages and counts. Reads of an unchanged database are answered from a
 * cache that any write invalidates (src/db/read-cache.ts, docs/decisions/014): a contracts screen
 * that refetches on focus, or several tabs, costs one tiny query. About 50,000 cards (some 10 MB)
 * at most are kept.
 *
 * Each entry also keeps the owner's earliest deadline of a contract awaiting signature, read with
 * it. A read at or past that time first expires the overdue contracts (issue 17), so a list
 * never shows a stale "Awaiting Signature" between sweeps, and a read before it costs nothing
 * more than the cache's own check.
 */
interface Entry<Value> {
  value: Value;
  /** ISO time of the owner's earliest deadline when the entry was read; null when none. */
  deadline: string | null;
  /** The cards as the database's JSON text (every card of a scope, everyCardOf). */
  cardsText?: string;
  /** The names its cards carry, as the people's JSON: a renamed person is a changed list. */
  peopleText?: string;
}

const MAX_CACHED_CARDS = 50_000;
const cachedLists = createReadCache<Entry<ContractSummary[]>>({
  maxWeight: MAX_CACHED_CARDS,
  weigh: (entry) => entry.value.length + 1,
});
const cachedPages = createReadCache<Entry<ContractPage>>({
  maxWeight: MAX_CACHED_CARDS,
  weigh: (entry) => entry.value.items.length + 1,
});
const cachedCounts = createReadCache<Entry<ContractCounts>>({ maxWeight: 10_000, weigh: () => 1 });

type ReadCache<Value> = ReturnType<typeof createReadCache<Entry<Value>>>;

/** What a read gives its entry; a read that found the deadline itself saves a query. */
type OwnerRead<Value> = Omit<Entry<Value>, 'deadline'> & { deadline?: string | null };

/**
 * The database's version the request read when it checked its session (ValidatedSession's
 * `databaseVersion`): a list lookup then asks the database nothing when the list is unchanged.
 */
export type KnownVersion = string | undefined;

export type { ListScope } from './contracts.repo.js';

/** Every contract of the company, as the owner's screen and the API show by default. */
export const wholeCompany = (companyId: CompanyId): ListScope => ({
  companyId,
  onlyOf: null,
  paymentDue: false,
});

/**
 * The list a person asked for: "Mine" (what they wrote or sent) or the whole company's, and
 * "Payment due" (issue 36) or every contract.
 */
export const listScopeOf = (
  user: { id: number; companyId: CompanyId },
  mine: boolean | undefined,
  paymentDue?: boolean,
): ListScope => ({
  companyId: user.companyId,
  onlyOf: mine ? user.id : null,
  paymentDue: paymentDue === true,
});

/** The cache key of a scope's read. */
const keyOf = (scope: ListScope, ...rest: unknown[]) =>
  JSON.stringify([scope.companyId, scope.onlyOf, scope.paymentDue, ...rest]);

/** A cached read of one company's contracts that is never older than their deadlines. */
async function readOwnerCards<Value>(
  cache: ReadCache<Value>,
  db: DB,
  key: string,
  companyId: CompanyId,
  now: Date,
  read: (stale: Entry<Value> | undefined) => Promise<OwnerRead<Value>>,
  knownVersion?: KnownVersion,
): Promise<Value> {
  const load = async (stale: Entry<Value> | undefined): Promise<Entry<Value>> => {
    const { deadline, ...entry } = await read(stale);
    if (deadline !== undefined) return { ...entry, deadline };
    const [{ at } = { at: null }] = await nextDeadlineOfCompany(db, { companyId });
    return { ...entry, deadline: at };
  };
  const entry = await cache(db, key, load, knownVersion);
  if (entry.deadline === null || now.toISOString() < entry.deadline) return entry.value;
  // Something ran out: expire it (a write, so the next lookup reads the version again).
  if ((await expireOverdue(db, now, { companyId })) === 0) return entry.value;
  return (await cache(db, key, load)).value;
}

/**
 * Every card of this owner, newest first (the list has no page size), or every card that matches
 * the filter (GET /api/contracts?q=&status=).
 */
export async function listContracts(
  db: DB,
  scope: ListScope,
  now: Date,
  filter: ContractFilter = {},
  knownVersion?: KnownVersion,
): Promise<ContractSummary[]> {
  const { companyId } = scope;
  const search = searchOf(filter);
  if (!search) {
    return readOwnerCards(
      cachedLists,
      db,
      keyOf(scope),
      companyId,
      now,
      (stale) => everyCardOf(db, scope, stale),
      knownVersion,
    );
  }
  return readOwnerCards(
    cachedLists,
    db,
    keyOf(scope, search),
    companyId,
    now,
    async () => ({
      value: await withMailFailures(
        db,
        await listContractSearchRows(db, scope, search, null, null),
      ),
    }),
    knownVersion,
  );
}

/**
 * Every card of the owner, read as the database's JSON text. Most writes are not to this
 * owner's cards (a session, a rate-limit counter, another account, a setting): when the text is
 * the one the stale entry was made of and no other mail failed, its very array is answered, so
 * GET /api/contracts sends the bytes it already made (issue 33). Otherwise the cards are made
 * from the text.
 */
async function everyCardOf(
  db: DB,
  scope: ListScope,
  stale: Entry<ContractSummary[]> | undefined,
): Promise<OwnerRead<ContractSummary[]>> {
  const text = await listContractCardsText(db, scope);
  const { cards: cardsText, people: peopleText, deadline } = text;
  const read = { cardsText, peopleText, ...(deadline === undefined ? {} : { deadline }) };
  if (stale?.cardsText === cardsText && stale.peopleText === peopleText) {
    const failed = await failedMailOf(db, stale.value);
    if (stale.value.every((card) => card.email_failed === failed.has(card.id))) {
      return { value: stale.value, ...read };
    }
  }
  const rows = (JSON.parse(cardsText) as unknown[][]).map(cardRowOf);
  const people = peopleFromText(peopleText);
  const failed = await failedMailOf(db, rows);
  const value = rows.map((row) => toContractSummary(row, failed.has(row.id), people));
  return { value, ...read };
}

/** The company's people from the list's own text: `[[id, name, email], ...]`. */
function peopleFromText(text: string): Map<number, PersonRef> {
  const rows = JSON.parse(text) as [number, string | null, string][];
  return new Map(rows.map(([id, name, email]) => [id, { id, name: displayName({ name, email }) }]));
}

/** The people the cards name: who wrote and who sent each. */
function peopleOf(db: DbOrTrx, rows: readonly CardRow[]) {
  return peopleNamed(
    db,
    rows.flatMap((row) => [row.created_by_user_id, row.sent_by_user_id]),
  );
}

/** A card's row from its values in CARD_COLUMNS order (listContractCardsText). */
function cardRowOf(values: unknown[]): CardRow {
  const row: Record<string, unknown> = {};
  CARD_COLUMNS.forEach((column, index) => (row[column] = values[index]));
  return row as CardRow;
}

/** The contracts screen's search: one page of matches, newest first, across every section. */
export async function searchContractPage(
  db: DB,
  scope: ListScope,
  query: ContractSearchQuery,
  now: Date,
  knownVersion?: KnownVersion,
): Promise<ContractPage> {
  const { limit, cursor } = query;
  const search = searchOf(query) ?? { terms: [], statuses: null };
  const key = keyOf(scope, 'search', search, limit, cursor ?? null);
  const read = async () => {
    const rows = await listContractSearchRows(db, scope, search, cursor ?? null, limit + 1);
    return { value: await pageOf(db, rows, limit) };
  };
  return readOwnerCards(cachedPages, db, key, scope.companyId, now, read, knownVersion);
}

/** What a filter asks the query for; null when it keeps every contract. */
function searchOf(filter: ContractFilter) {
  const terms = searchTerms(filter.q ?? '');
  const statuses = statusesOf(filter.status);
  return terms.length === 0 && statuses === null ? null : { terms, statuses };
}

/** One page of a section of the contracts screen; fetches one extra card to know if more exist. */
export async function listContractPage(
  db: DB,
  scope: ListScope,
  query: ContractPageQuery,
  now: Date,
  knownVersion?: KnownVersion,
): Promise<ContractPage> {
  const { section, limit, cursor } = query;
  const key = keyOf(scope, section, limit, cursor ?? null);
  const read = async () => {
    const statuses = statusesInSection(section);
    const rows = await listContractPageRows(db, scope, statuses, cursor ?? null, limit + 1);
    return { value: await pageOf(db, rows, limit) };
  };
  return readOwnerCards(cachedPages, db, key, scope.companyId, now, read, knownVersion);
}

/** A page of `limit` cards from `limit + 1` rows: the extra one says whether more exist. */
async function pageOf(db: DB, rows: CardRow[], limit: number): Promise<ContractPage> {
  const items = await withMailFailures(db, rows.slice(0, limit));
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null;
  return { items, nextCursor };
}

/** The number of contracts in each section, for the section headings. */
export async function countContracts(
  db: DB,
  scope: ListScope,
  now: Date,
  knownVersion?: KnownVersion,
): Promise<ContractCounts> {
  const read = async () => {
    const byStatus = new Map(
      (await countContractsByStatus(db, scope)).map((row) => [row.status, Number(row.count)]),
    );
    const count = (section: ContractSection) =>
      statusesInSection(section).reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0);
    return {
      value: {
        drafts: count('drafts'),
        awaiting: count('awaiting'),
        completed: count('completed'),
        closed: count('closed'),
      },
    };
  };
  return readOwnerCards(cachedCounts, db, keyOf(scope), scope.companyId, now, read, knownVersion);
}

/**
 * Marks the cards whose email could not be delivered (one query per page, not one per card),
 * and gives the cards awaiting signature their openings, which the row carries.
 */
async function withMailFailures(db: DbOrTrx, rows: CardRow[]): Promise<ContractSummary[]> {
  const failed = await failedMailOf(db, rows);
  const people = await peopleOf(db, rows);
  return rows.map((row) => toContractSummary(row, failed.has(row.id), people));
}

/** The cards whose email could not be delivered; a draft has sent none. */
function failedMailOf(
  db: DbOrTrx,
  rows: readonly Pick<CardRow, 'id' | 'status'>[],
): Promise<Set<number>> {
  const sentIds = rows.filter((row) => row.status !== 'draft').map((row) => row.id);
  return listFailedMailContractIds(db, sentIds);
}
