/**
 * `npm run bench:profile -- --route <words>`: where the CPU of one route goes. Seeds a smaller
 * database than `npm run bench` (the measured routes read by index, so its size does not change
 * their cost), starts the bench server, loads the route as `npm run bench` does, with V8's
 * profiler running in the server for the load alone, and prints the time by area and by function
 * (self, and with what each calls), per request. `--keep <file>` saves the `.cpuprofile` for
 * Chrome DevTools. `--route` takes the words `npm run bench -- --only` takes and must pick one
 * route: `--route "contracts), a write"`, `--route "signing page data"`, `--route "html"`,
 * `--route bare`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../src/db/kysely.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { hashPassword } from '../../src/features/credentials/password.js';
import { createMailSealer } from '../../src/features/mail/body-seal.js';
import { SEEDED_PASSWORD, seedScale } from '../seed-scale/seed-scale.js';
import { prepareBenchTargets } from './bench-data.js';
import { startBenchServer } from './bench-process.js';
import { PROFILE_START_ROUTE, PROFILE_STOP_ROUTE } from './bench-profiler.js';
import { benchRoutes } from './bench-routes.js';
import {
  printProfileSummary,
  summarizeCpuProfile,
  type CpuProfile,
} from './cpu-profile-summary.js';
import { loadRoute } from './load.js';
import { describeMachine } from './machine.js';

const { values } = parseArgs({
  options: {
    route: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    contracts: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '100' },
    top: { type: 'string', default: '25' },
    keep: { type: 'string' },
  },
});
const bounded = (value: string, most: number) => Math.max(1, Math.min(Number(value) || 1, most));
const [seconds, connections, contracts, accounts, top] = [
  bounded(values.seconds, 600),
  bounded(values.connections, 1_000),
  bounded(values.contracts, 1_000_000),
  bounded(values.accounts, 100_000),
  bounded(values.top, 200),
];
if (!values.route)
  throw new Error('Name the route: --route "contracts), a write" (see the file header)');
// One phrase, commas and all: route labels hold commas.
const phrase = values.route.toLowerCase();
const only = [phrase];

const dataDir = mkdtempSync(path.join(tmpdir(), 'tradesign-profile-'));
const mailKey = randomBytes(32);
const { db, sqlite } = createDb(path.join(dataDir, 'app.db'));
const server = await (async () => {
  await migrateToLatest(db);
  seedScale(sqlite, {
    accounts,
    contracts,
    heavyAccountContracts: Math.min(5_000, Math.floor(contracts / 2)),
    passwordHash: await hashPassword(SEEDED_PASSWORD, { PASSWORD_HASH_LIGHT: false }),
  });
  return startBenchServer({
    dataDir,
    mailKeyBase64: mailKey.toString('base64'),
    env: { BENCH_PROFILER: '1' },
  });
})();
try {
  const targets = await prepareBenchTargets(server.url, { db, sealer: createMailSealer(mailKey) });
  // benchRoutes keeps the bare route whatever `only` says: it is picked here only by its words.
  const [route, ...others] = benchRoutes(server.url, targets, { accounts, only }).filter((r) =>
    r.label.toLowerCase().includes(phrase),
  );
  if (!route || others.length > 0) {
    const found = [route, ...others].filter(Boolean).map((r) => r?.label);
    throw new Error(`--route must pick one route; it picked: ${found.join('; ') || 'none'}`);
  }
  const post = (url: string) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers: { origin: server.url } });
  await post(PROFILE_START_ROUTE);
  const result = await loadRoute(server.url, route, { connections, seconds });
  const profile = (await (await post(PROFILE_STOP_ROUTE)).json()) as CpuProfile;
  if (values.keep) writeFileSync(values.keep, JSON.stringify(profile));
  console.log(`Machine: ${describeMachine()}`);
  console.log(
    `${route.label}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms, ` +
      `${connections} connections, ${seconds} s (${result.failures} failed)`,
  );
  printProfileSummary(summarizeCpuProfile(profile, process.cwd(), top), result.requestsAnswered);
} finally {
  await server.stop();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
