/**
 * `npm run bench`: one run, three tables. Seeds a database at issue 8's scale (1,000 accounts,
 * 100,000 contracts with events), starts the app in its own process on 127.0.0.1, loads each
 * route with autocannon for a bounded time, then times the executed-copy PDF. The same data is
 * copied into a throwaway PostgreSQL (durable settings) and loaded again through one instance,
 * then two (when Debian's postgresql is installed). After the tables, how the database answers a
 * search of the 5,000-contract account (plan and query time, each engine). Options:
 * --seconds 10 (per route), --connections 50, --contracts 100000, --accounts 1000, --rounds 1
 * (every route loaded again in turn, each row then the median of its rounds and its ratio the
 * median of the ratios to the bare route of the same round: on a shared machine whose load moves
 * during a run, ratios taken seconds apart compare like with like), and
 * --only <words> to load only the routes whose label holds one of the words, comma-separated (and
 * the bare route, which every ratio needs; the PDF is then left out): `--only search,page`, and
 * --sqlite-only to leave PostgreSQL out.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { copyToPostgres } from '../../src/db/copy-to-postgres.js';
import { createDb, type DB } from '../../src/db/kysely.js';
import { createPostgresDb } from '../../src/db/postgres.js';
import { createMailSealer } from '../../src/features/mail/body-seal.js';
import {
  findPostgresBin,
  startPostgresCluster,
  type PostgresCluster,
} from '../../src/test/postgres-cluster.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { hashPassword } from '../../src/features/credentials/password.js';
import { DEBIAN_CHROMIUM_PATH } from '../../src/lib/chromium.js';
import { SEEDED_PASSWORD, seedScale, seededEmail } from '../seed-scale/seed-scale.js';
import { prepareBenchTargets } from './bench-data.js';
import { startBenchServer as startServerProcess, type BenchServer } from './bench-process.js';
import { benchRoutes } from './bench-routes.js';
import { measureExecutedCopy } from './executed-copy-timing.js';
import { BENCH_SEARCHES, measureSearchPlan, printSearchPlans } from './search-plan.js';
import { loadRoute, medianOfRounds, type RouteLoad, type RouteResult } from './load.js';
import { describeMachine } from './machine.js';
import { printTable } from './table.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    contracts: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '1000' },
    only: { type: 'string' },
    'sqlite-only': { type: 'boolean', default: false },
  },
});
const only = values.only?.toLowerCase().split(',');
const [seconds, connections, contracts, accounts, rounds] = [
  values.seconds,
  values.connections,
  values.contracts,
  values.accounts,
  values.rounds,
].map((value) => Math.max(1, Math.min(Number(value) || 1, 1_000_000))) as [
  number,
  number,
  number,
  number,
  number,
];
const chromiumPath = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM_PATH;

const dataDir = mkdtempSync(path.join(tmpdir(), 'tradesign-bench-'));
const dbFile = path.join(dataDir, 'app.db');
// One mail key for every bench server, so any of them can read what another queued.
const mailKey = randomBytes(32);
const sealer = createMailSealer(mailKey);
const servers: BenchServer[] = [];
let cluster: PostgresCluster | undefined;

/** A bench server on this run's data, stopped at the end whatever happens. */
async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const server = await startServerProcess({
    dataDir,
    mailKeyBase64: mailKey.toString('base64'),
    env,
  });
  servers.push(server);
  return server;
}

try {
  console.error(`Seeding ${accounts} accounts and ${contracts} contracts...`);
  const seedStarted = performance.now();
  const { db, sqlite } = createDb(dbFile);
  await migrateToLatest(db);
  const seeded = seedScale(sqlite, {
    accounts,
    contracts,
    heavyAccountContracts: Math.min(5_000, Math.floor(contracts / 2)),
    passwordHash: await hashPassword(SEEDED_PASSWORD, { PASSWORD_HASH_LIGHT: false }),
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const setup =
    `${seeded.accounts.toLocaleString('en-US')} accounts, ` +
    `${seeded.contracts.toLocaleString('en-US')} contracts, ` +
    `${seeded.events.toLocaleString('en-US')} events; ` +
    `${connections} connections, ${seconds} s per route` +
    (rounds > 1 ? `, ${rounds} rounds (medians)` : '');

  // The same seeded data in PostgreSQL, through the copy `npm run db:copy` makes.
  let postgres: { url: string; db: DB; copySeconds: number } | undefined;
  if (!values['sqlite-only'] && postgresInstalled()) {
    console.error('Starting PostgreSQL (durable settings) and copying the seeded database...');
    cluster = await startPostgresCluster({ durable: true });
    const admin = new pg.Pool({ connectionString: cluster.url('postgres'), max: 1 });
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = cluster.url('bench');
    const pgDb = createPostgresDb(url, { poolSize: 2, onIdleError: () => undefined });
    const copyStarted = performance.now();
    await copyToPostgres(db, pgDb);
    await sql`CREATE UNLOGGED TABLE bench_cache_miss (n integer)`.execute(pgDb);
    await sql`INSERT INTO bench_cache_miss VALUES (0)`.execute(pgDb);
    await sql`ANALYZE`.execute(pgDb);
    // Written out now, so the SQLite rows are not measured while PostgreSQL flushes the copy.
    await sql`CHECKPOINT`.execute(pgDb);
    postgres = { url, db: pgDb, copySeconds: (performance.now() - copyStarted) / 1000 };
  }

  const sqliteServer = await startBenchServer({});
  const sqliteTargets = await prepareBenchTargets(sqliteServer.url, { db, sealer });
  const sqliteResults = await loadRoutes(
    sqliteServer.url,
    benchRoutes(sqliteServer.url, sqliteTargets, { accounts, only }),
  );
  await sqliteServer.stop();
  const sqlitePlans = await searchPlans(db);
  await db.destroy();

  const pdf =
    only !== undefined
      ? undefined
      : existsSync(chromiumPath)
        ? await measureExecutedCopy(chromiumPath, 3)
        : null;
  console.log(`Machine: ${describeMachine()}`);
  printTable({
    title: 'SQLite, one process',
    setup: `${setup} (seeded in ${seedSeconds.toFixed(1)} s)`,
    results: sqliteResults,
    pdf,
  });
  printSearchPlans('SQLite', sqlitePlans);
  const allResults = [...sqliteResults];

  if (postgres) {
    const env = { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '10' };
    const first = await startBenchServer(env);
    const targets = await prepareBenchTargets(first.url, { db: postgres.db, sealer });
    // Login is argon2's time, the same on either engine: left out of these rows.
    const routes = benchRoutes(first.url, targets, { accounts, only }).filter(
      (route) => route.method !== 'POST',
    );
    const one = await loadRoutes(first.url, routes);
    const second = await startBenchServer(env);
    const two = await loadRoutes([first.url, second.url], routes);
    await first.stop();
    await second.stop();
    const pgPlans = await searchPlans(postgres.db);
    await postgres.db.destroy();
    const pgSetup = `${setup}; copied from SQLite in ${postgres.copySeconds.toFixed(1)} s`;
    printTable({ title: 'PostgreSQL, one instance', setup: pgSetup, results: one });
    printTable({
      title: 'PostgreSQL, two instances (connections alternate between them)',
      setup: pgSetup,
      results: two,
    });
    printSearchPlans('PostgreSQL', pgPlans);
    allResults.push(...one, ...two);
  } else if (!values['sqlite-only']) {
    console.log('');
    console.log("PostgreSQL rows: not measured (install Debian's postgresql package).");
  }
  if (allResults.some((result) => result.failures > 0)) {
    console.error('Some requests failed (non-2xx, errors or timeouts): the figures are not valid.');
    process.exitCode = 1;
  }
} finally {
  for (const server of servers) await server.stop();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The heavy account's searches as the database answers them, servers stopped. */
async function searchPlans(database: DB) {
  const plans = [];
  for (const q of BENCH_SEARCHES) plans.push(await measureSearchPlan(database, seededEmail(1), q));
  return plans;
}

async function loadRoutes(baseUrl: string | string[], routes: RouteLoad[]): Promise<RouteResult[]> {
  const runs: RouteResult[][] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const results: RouteResult[] = [];
    for (const route of routes) {
      console.error(`Loading ${route.label}${rounds > 1 ? ` (round ${round})` : ''}...`);
      results.push(await loadRoute(baseUrl, route, { connections, seconds }));
    }
    runs.push(results);
  }
  return medianOfRounds(runs);
}

function postgresInstalled(): boolean {
  try {
    findPostgresBin();
    return true;
  } catch {
    return false;
  }
}
