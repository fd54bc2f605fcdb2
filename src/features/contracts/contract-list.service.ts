import { createReadCache } from '../../db/read-cache.js';
import {
  SECTION_OF_STATUS,
  statusesInSection,
  type ContractStatus,
} from '../../domain/contract-lifecycle.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import { expireOverdueOfOwner } from '../follow-up/expiry.js';
import type { ContractSummary } from '../../domain/contracts.schemas.js';
import {
  type ContractCounts,
  type ContractPage,
  type ContractPageQuery,
  type ContractSection,
} from '../../domain/contract-list.schemas.js';
import { listFailedMailContractIds } from '../mail/outbox.repo.js';
import { countViews } from './contracts.repo.js';
import {
  countContractsByStatus,
  listContractPageRows,
  listContractRows,
} from './contracts.repo.js';

/**
 * The contracts list, its pages and counts. Each read first expires this owner's contracts whose
 * last link ran out (issue 17), so a list never shows a stale "Awaiting Signature" between
 * sweeps; the lookup reads only overdue rows, which the sweeper keeps few. Reads of an unchanged database are answered from a
 * cache that any write invalidates (src/db/read-cache.ts, docs/decisions/014): a contracts screen that
 * refetches on focus, or several tabs, costs one tiny query. About 50,000 cards (some 10 MB) at
 * most are kept.
 */
const MAX_CACHED_CARDS = 50_000;
const cachedLists = createReadCache<ContractSummary[]>({
  maxWeight: MAX_CACHED_CARDS,
  weigh: (cards) => cards.length + 1,
});
const cachedPages = createReadCache<ContractPage>({
  maxWeight: MAX_CACHED_CARDS,
  weigh: (page) => page.items.length + 1,
});
const cachedCounts = createReadCache<ContractCounts>({ maxWeight: 10_000, weigh: () => 1 });

/** Every card of this owner, newest first (the list has no page size). */
export async function listContracts(db: DB, userId: number, now: Date): Promise<ContractSummary[]> {
  await expireOverdueOfOwner(db, userId, now);
  return cachedLists(db, String(userId), async () =>
    withMailFailures(db, await listContractRows(db, userId)),
  );
}

/** One page of a section of the contracts screen; fetches one extra card to know if more exist. */
export async function listContractPage(
  db: DB,
  userId: number,
  query: ContractPageQuery,
  now: Date,
): Promise<ContractPage> {
  await expireOverdueOfOwner(db, userId, now);
  const { section, limit, cursor } = query;
  const key = JSON.stringify([userId, section, limit, cursor ?? null]);
  return cachedPages(db, key, async () => {
    const statuses = statusesInSection(section);
    const rows = await listContractPageRows(db, userId, statuses, cursor ?? null, limit + 1);
    const items = await withMailFailures(db, rows.slice(0, limit));
    const last = items.at(-1);
    const nextCursor =
      rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null;
    return { items, nextCursor };
  });
}

/** The number of contracts in each section, for the section headings. */
export async function countContracts(db: DB, userId: number, now: Date): Promise<ContractCounts> {
  await expireOverdueOfOwner(db, userId, now);
  return cachedCounts(db, String(userId), async () => {
    const byStatus = new Map(
      (await countContractsByStatus(db, userId)).map((row) => [row.status, Number(row.count)]),
    );
    const count = (section: ContractSection) =>
      statusesInSection(section).reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0);
    return {
      drafts: count('drafts'),
      awaiting: count('awaiting'),
      completed: count('completed'),
      closed: count('closed'),
    };
  });
}

type CardRow = Omit<ContractSummary, 'email_failed' | 'views'>;

/**
 * Marks the cards whose email could not be delivered, and how often each was opened; one query
 * of each per page, not one per card.
 */
async function withMailFailures(db: DbOrTrx, rows: CardRow[]): Promise<ContractSummary[]> {
  const sentIds = rows.filter((row) => row.status !== 'draft').map((row) => row.id);
  const failed = await listFailedMailContractIds(db, sentIds);
  // Openings show on cards awaiting signature only: the others are not counted.
  const awaitingIds = rows.filter((row) => showsViews(row.status)).map((row) => row.id);
  const views = new Map(
    (await countViews(db, awaitingIds)).map((row) => [
      row.contract_id,
      { count: Number(row.count), last_at: row.last_at },
    ]),
  );
  return rows.map((row) => ({
    ...row,
    email_failed: failed.has(row.id),
    views: showsViews(row.status) ? (views.get(row.id) ?? { count: 0, last_at: null }) : null,
  }));
}

function showsViews(status: ContractStatus): boolean {
  return SECTION_OF_STATUS[status] === 'awaiting';
}
