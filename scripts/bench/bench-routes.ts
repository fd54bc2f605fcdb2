import type autocannon from 'autocannon';
import { seededEmail, SEEDED_PASSWORD } from '../seed-scale/seed-scale.js';
import { BARE_ROUTE, CACHE_MISS_HEADER } from './bare-route.js';
import { BENCH_CONTRACTS, type BenchTargets } from './bench-data.js';
import type { RouteLoad } from './load.js';

/**
 * The measured routes; the bare one first, since every ratio is taken against it. With `only`,
 * the routes whose label holds one of its words (and the bare route).
 */
export function benchRoutes(
  baseUrl: string,
  targets: BenchTargets,
  options: { accounts: number; only?: string[] | undefined },
): RouteLoad[] {
  const { accounts, only } = options;
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
