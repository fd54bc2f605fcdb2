import autocannon from 'autocannon';

export interface RouteLoad {
  label: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Builds each request's body and headers (login rotates accounts and client addresses). */
  setupRequest?: autocannon.Request['setupRequest'];
  /** The goal this route is held to, or null when it is bound by design (argon2). */
  p99GoalMs: number | null;
  /** Minimum share of the bare route's throughput, when the issue sets one. */
  ratioGoal?: number;
}

export interface RouteResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus socket errors and timeouts: any of these spoils the row. */
  failures: number;
  route: RouteLoad;
}

/** Like a browser: compressed answers, so compression's cost is part of the figure. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

/**
 * Loads one route from this process (the server runs in another) for `seconds`, bounded. With
 * several base URLs (instances), autocannon spreads its connections over them in turn, as a
 * round-robin balancer would.
 */
export async function loadRoute(
  baseUrl: string | string[],
  route: RouteLoad,
  options: { connections: number; seconds: number },
): Promise<RouteResult> {
  const headers = { ...BROWSER_HEADERS, ...route.headers };
  const request: autocannon.Request = {
    method: route.method ?? 'GET',
    path: route.path,
    headers,
    ...(route.setupRequest ? { setupRequest: route.setupRequest } : {}),
  };
  // A short unmeasured run first: JIT, SQLite page cache and connection set-up settle.
  // autocannon takes several URLs (types say one): connection i goes to url[i % n].
  const url = baseUrl as string;
  await autocannon({
    url,
    connections: options.connections,
    duration: 1,
    requests: [request],
  });
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: [request],
  });
  return {
    label: route.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    route,
  };
}
