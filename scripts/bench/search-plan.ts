import { CompiledQuery } from 'kysely';
import { engineOf } from '../../src/db/engine.js';
import type { DB } from '../../src/db/kysely.js';
import { searchTerms } from '../../src/features/contracts/contract-search-text.js';
import { contractSearchQuery } from '../../src/features/contracts/contracts.repo.js';

/** The searches whose plans and query times `npm run bench` prints (the heavy account). */
export const BENCH_SEARCHES = ['smith', 'client 42'] as const;

export interface SearchPlan {
  q: string;
  /** The engine's plan, one step a line. */
  plan: string[];
  /** The query alone, straight on the database: median and slowest of `runs`, ms. */
  medianMs: number;
  slowestMs: number;
  rows: number;
}

/**
 * How the database answers a search of one account's contracts: the plan (SQLite's EXPLAIN
 * QUERY PLAN, PostgreSQL's EXPLAIN ANALYZE) and the query's own time, without HTTP, so
 * docs/perf.md can show that a search reads one owner's range of an index (docs/decisions/033).
 */
export async function measureSearchPlan(
  db: DB,
  ownerEmail: string,
  q: string,
  runs = 21,
): Promise<SearchPlan> {
  const owner = await db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', ownerEmail)
    .executeTakeFirstOrThrow();
  const query = contractSearchQuery(
    db,
    { companyId: owner.company_id, onlyOf: null, paymentDue: false },
    { terms: searchTerms(q), statuses: null },
    null,
  );
  const compiled = query.limit(101).compile();
  const explain =
    engineOf(db) === 'postgres' ? 'EXPLAIN (ANALYZE, COSTS OFF)' : 'EXPLAIN QUERY PLAN';
  const planRows = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = planRows.rows.map((row) => String(Object.values(row).at(-1)));
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    rows = (await query.limit(101).execute()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    q,
    plan,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    slowestMs: times.at(-1) ?? 0,
    rows,
  };
}

/** Prints the plans under the bench's tables, ready to paste into docs/perf.md. */
export function printSearchPlans(title: string, plans: SearchPlan[]): void {
  console.log('');
  console.log(`${title}: the search query alone (101 rows at most, as the screen asks)`);
  for (const result of plans) {
    console.log('');
    console.log(
      `q="${result.q}": ${result.rows} rows, median ${result.medianMs.toFixed(2)} ms, ` +
        `slowest ${result.slowestMs.toFixed(2)} ms`,
    );
    console.log('```');
    for (const line of result.plan) console.log(line);
    console.log('```');
  }
}
