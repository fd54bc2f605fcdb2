import http from 'node:http';

/**
 * How one request ended, as a client sees it. `refused`: the connection was never accepted
 * (the listener is closed), so the server cannot have started the request. `reset`: the
 * connection broke before a whole answer came (ECONNRESET, EPIPE, "socket hang up").
 */
export type Outcome =
  | { kind: 'response'; status: number; connection: string | undefined; body: string }
  | { kind: 'refused' }
  | { kind: 'reset'; code: string; reusedSocket: boolean };

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** One request over node:http, so a broken connection is told apart from a refused one. */
export function probe(
  agent: http.Agent,
  baseUrl: string,
  request: {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const outgoing = http.request(
      new URL(request.path, baseUrl),
      {
        method: request.method,
        agent,
        timeout: 20_000,
        headers: {
          origin: baseUrl,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            kind: 'response',
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
        // An answer cut off after its head is a broken connection too.
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ kind: 'reset', code: error.code ?? 'aborted', reusedSocket: true }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${request.path}: no answer in 20 s`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (code === 'ECONNREFUSED') resolve({ kind: 'refused' });
      else if (RESET_CODES.has(code)) {
        resolve({ kind: 'reset', code, reusedSocket: outgoing.reusedSocket });
      } else reject(error);
    });
    outgoing.end(payload);
  });
}
