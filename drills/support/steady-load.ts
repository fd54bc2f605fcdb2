import http from 'node:http';
import { drillDraft } from './contract-payloads.js';
import { probe, type Outcome } from './http-probe.js';

export interface LoadRequest {
  /** The drill's number for the request, sent as `?n=` so the server's log names it. */
  n: number;
  write: boolean;
  outcome?: Outcome;
}

export interface SteadyLoad {
  requests: LoadRequest[];
  /** How many requests have an outcome. */
  answered(): number;
  /** Resolves once every connection's loop has ended (refused, or stopped by `stop`). */
  finished: Promise<void>;
  /** Ends the loops after their current request, and closes the connections. */
  stop(): Promise<void>;
}

/**
 * `connections` clients, each listing the owner's contracts or creating a draft (one request in
 * three), one request after another, until a connection is refused: the listener is closed,
 * the server is going away. A 503 or a reset only costs the connection. By default each client
 * keeps its connection alive; `connectionPerRequest` opens a new one for every request and only
 * lists (the security review's load in issue 15).
 */
export function startSteadyLoad(options: {
  url: string;
  cookie: string;
  connections: number;
  firstNumber: number;
  connectionPerRequest?: boolean;
}): SteadyLoad {
  const perRequest = options.connectionPerRequest ?? false;
  const agent = new http.Agent({ keepAlive: !perRequest, maxSockets: options.connections });
  const requests: LoadRequest[] = [];
  const headers = { cookie: options.cookie };
  let next = options.firstNumber;
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const n = next++;
      const entry: LoadRequest = { n, write: !perRequest && n % 3 === 0 };
      requests.push(entry);
      entry.outcome = await probe(
        agent,
        options.url,
        entry.write
          ? { method: 'POST', path: `/api/contracts?n=${n}`, body: drillDraft(n), headers }
          : { method: 'GET', path: `/api/contracts?n=${n}`, headers },
      );
      if (entry.outcome.kind === 'refused') return;
    }
  };
  const finished = Promise.all(Array.from({ length: options.connections }, loop)).then(() => {
    agent.destroy();
  });
  return {
    requests,
    answered: () => requests.filter((request) => request.outcome).length,
    finished,
    async stop() {
      stopped = true;
      await finished;
    },
  };
}
