/**
 * `npm run bench`: one run, three tables. Seeds a database at issue 8's scale (1,000 accounts,
 * 100,000 contracts with events), starts the app in its own process on 127.0.0.1, loads each
 * route with autocannon for a bounded time, then times the executed-copy PDF. The same data is
 * copied into a throwaway PostgreSQL (durable settings) and loaded again through one instance,
 * then two (when Debian's postgresql is installed). After the tables, how the database answers a
 * search of the 5,000-contract account (plan and query time, each engine). Options:
 * --seconds 10 (per route), --connections 50, --contracts 100000, --accounts 1000, and
 * --only <words> to load only the routes whose label holds one of the words, comma-separated (and
 * the bare route, which every ratio needs; the PDF is then left out): `--only search,page`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
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
import { hashPassword } from '../../src/features/auth/password.js';
import { DEBIAN_CHROMIUM_PATH } from '../../src/lib/chromium.js';
import { freePort } from '../../web/e2e/support/app-server.js';
import { SEEDED_PASSWORD, seedScale, seededEmail } from '../seed-scale/seed-scale.js';
import { BARE_ROUTE, CACHE_MISS_HEADER } from './bare-route.js';
import { BENCH_CONTRACTS, prepareBenchTargets, type BenchTargets } from './bench-data.js';
import { measureExecutedCopy } from './executed-copy-timing.js';
import { BENCH_SEARCHES, measureSearchPlan, printSearchPlans } from './search-plan.js';
import { loadRoute, type RouteLoad, type RouteResult } from './load.js';
import { describeMachine } from './machine.js';
import { printTable } from './table.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    contracts: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '1000' },
    only: { type: 'string' },
  },
});
const only = values.only?.toLowerCase().split(',');
const [seconds, connections, contracts, accounts] = [
  values.seconds,
  values.connections,
  values.contracts,
  values.accounts,
].map((value) => Math.max(1, Math.min(Number(value) || 1, 1_000_000))) as [
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

interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** One bench server process (scripts/bench/bench-server.ts) on a free port. */
async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bench-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      MAIL_SEAL_KEY: mailKey.toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  servers.push(server);
  await waitUntilListening(url, () => child.exitCode !== null);
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
    passwordHash: await hashPassword(SEEDED_PASSWORD),
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const setup =
    `${seeded.accounts.toLocaleString('en-US')} accounts, ` +
    `${seeded.contracts.toLocaleString('en-US')} contracts, ` +
    `${seeded.events.toLocaleString('en-US')} events; ` +
    `${connections} connections, ${seconds} s per route`;

  // The same seeded data in PostgreSQL, through the copy `npm run db:copy` makes.
  let postgres: { url: string; db: DB; copySeconds: number } | undefined;
  if (postgresInstalled()) {
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
    benchRoutes(sqliteServer.url, sqliteTargets),
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
    const routes = benchRoutes(first.url, targets).filter((route) => route.method !== 'POST');
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
  } else {
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
  const results: RouteResult[] = [];
  for (const route of routes) {
    console.error(`Loading ${route.label}...`);
    results.push(await loadRoute(baseUrl, route, { connections, seconds }));
  }
  return results;
}

function postgresInstalled(): boolean {
  try {
    findPostgresBin();
    return true;
  } catch {
    return false;
  }
}

/** The measured routes; the bare one first, since every ratio is taken against it. */
function benchRoutes(baseUrl: string, targets: BenchTargets): RouteLoad[] {
  let loginCounter = 0;
  let viewCounter = 0;
  const heavyMiss = { cookie: targets.heavyCookie, [CACHE_MISS_HEADER]: '1' };
  const routes: RouteLoad[] = [
    { label: 'Bare Fastify JSON route (the ceiling)', path: BARE_ROUTE, p99GoalMs: 20 },
    {
      label: `GET /api/contracts (${BENCH_CONTRACTS} contracts), unchanged database`,
      path: '/api/contracts',
      headers: { cookie: targets.benchCookie },
      p99GoalMs: 20,
      ratioGoal: 0.25,
    },
    {
      label: `GET /api/contracts (${BENCH_CONTRACTS} contracts), a write before every read`,
      path: '/api/contracts',
      headers: { cookie: targets.benchCookie, [CACHE_MISS_HEADER]: '1' },
      p99GoalMs: 20,
      ratioGoal: 0.25,
    },
    {
      label: `tRPC contracts.list (${BENCH_CONTRACTS} contracts)`,
      path: '/trpc/contracts.list',
      headers: { cookie: targets.benchCookie },
      p99GoalMs: 20,
      ratioGoal: 0.25,
    },
    {
      label: 'tRPC contracts.page, 5,000-contract account, first 100',
      path: trpcPath('contracts.page', { section: 'completed', limit: 100 }),
      headers: { cookie: targets.heavyCookie },
      p99GoalMs: 20,
    },
    {
      label: `tRPC contracts.page, same account, 100 after ${targets.deepCards}`,
      path: trpcPath('contracts.page', {
        section: 'completed',
        limit: 100,
        cursor: targets.deepCursor,
      }),
      headers: { cookie: targets.heavyCookie },
      p99GoalMs: 20,
    },
    // Search (issue 31): the heavy account's 5,000 contracts, each read after a write, so the
    // query runs every time. "smith" matches none of the seeded clients: every index entry of
    // the account is read. "client 42" matches about one contract in twenty: the first 100
    // are found about 2,000 entries in.
    {
      label:
        'GET /api/contracts?q=smith (search), 5,000-contract account, no match, a write before every read',
      path: '/api/contracts?q=smith',
      headers: heavyMiss,
      p99GoalMs: 20,
    },
    {
      label:
        'tRPC contracts.search "client 42", same account, first 100, a write before every read',
      path: trpcPath('contracts.search', { q: 'client 42', limit: 100 }),
      headers: heavyMiss,
      p99GoalMs: 20,
    },
    {
      label: 'tRPC contracts.search "client 42", same account, first 100, unchanged database',
      path: trpcPath('contracts.search', { q: 'client 42', limit: 100 }),
      headers: { cookie: targets.heavyCookie },
      p99GoalMs: 20,
    },
    {
      label: 'GET /api/esign/:token (signing page data)',
      path: `/api/esign/${targets.signingToken}`,
      // Homeowners on their own addresses: each opening counts against its address's limit
      // (60 a minute) and is recorded as a view, so every request here writes twice.
      setupRequest: (request) => {
        viewCounter += 1;
        return withClientAddress(request, viewCounter % 5_000);
      },
      p99GoalMs: 20,
    },
    {
      label: 'GET /esign/:token (the signing page, HTML, brotli)',
      path: `/esign/${targets.signingToken}`,
      // A phone's browser opening the page: rendered on the server, compressed on the fly, and
      // recorded as an opening (docs/decisions/028), from addresses of their own as above.
      headers: { 'sec-fetch-mode': 'navigate', 'accept-encoding': 'br, gzip' },
      setupRequest: (request) => {
        viewCounter += 1;
        return withClientAddress(request, viewCounter % 5_000);
      },
      p99GoalMs: 20,
    },
    {
      label: 'POST /api/auth/login (argon2id, by design ~slow)',
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      // Each attempt from another client address and account, as many homeowners' contractors
      // would be: the per-address and per-account sign-in limits must not turn it into 429s.
      setupRequest: (request) => {
        loginCounter += 1;
        return {
          ...withClientAddress(request, loginCounter),
          body: JSON.stringify({
            email: seededEmail((loginCounter % accounts) + 1),
            password: SEEDED_PASSWORD,
          }),
        };
      },
      p99GoalMs: null,
    },
  ];
  if (only === undefined) return routes;
  return routes.filter(
    (route, index) => index === 0 || only.some((word) => route.label.toLowerCase().includes(word)),
  );
}

/**
 * The app believes X-Forwarded-For from a loopback peer (a reverse proxy on the same machine), so
 * the load can stand for many clients, as it would in production behind Caddy or nginx.
 */
function withClientAddress(request: autocannon.Request, n: number): autocannon.Request {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
}

function trpcPath(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function waitUntilListening(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited()) throw new Error('the bench server exited early');
    try {
      if ((await fetch(`${url}${BARE_ROUTE}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the bench server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
