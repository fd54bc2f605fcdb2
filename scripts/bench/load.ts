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
  /** Every request answered, the unmeasured warm-up's included. */
  requestsAnswered: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus socket errors and timeouts: any of these spoils the row. */
  failures: number;
  route: RouteLoad;
  /** Share of the bare route's throughput, when measured in rounds (see medianOfRounds). */
  ratio?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * One row per route from several rounds of the same routes (the bare route first in each): the
 * median of each figure, failures summed, and the ratio to the bare route as the median of each
 * round's ratio, so a change of the machine's load between rounds does not skew it.
 */
export function medianOfRounds(rounds: RouteResult[][]): RouteResult[] {
  const [first] = rounds;
  if (!first || rounds.length === 1) return first ?? [];
  return first.map((row, index) => {
    const runs = rounds.map((round) => round[index] ?? row);
    return {
      ...row,
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      requestsAnswered: runs.reduce((sum, run) => sum + run.requestsAnswered, 0),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      failures: runs.reduce((sum, run) => sum + run.failures, 0),
      ratio: median(
        rounds.map((round) => {
          const bare = round[0]?.requestsPerSecond ?? 0;
          return bare > 0 ? (round[index]?.requestsPerSecond ?? 0) / bare : 0;
        }),
      ),
    };
  });
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
  const warmUp = await autocannon({
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
    requestsAnswered: warmUp.requests.total + result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    route,
  };
}
