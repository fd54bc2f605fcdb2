import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestPki } from './test-pki.js';

const run = promisify(execFile);

/** How the test TSA answers. */
export type TestTsaMode =
  /** A real RFC 3161 reply by `openssl ts -reply` with the PKI's TSA certificate. */
  | 'ok'
  /** Never answers (until closed). */
  | 'hang'
  /** HTTP 500. */
  | 'http500'
  /** A TimeStampResp with status rejection and failInfo badAlg. */
  | 'rejected'
  /** 200 with bytes that are no timestamp response. */
  | 'garbage';

export interface TestTsa {
  /** http://127.0.0.1:<port>/tsr */
  url: string;
  /** One mode for every request, or one per request by its number (the first is 1). */
  setMode(mode: TestTsaMode | ((requestNumber: number) => TestTsaMode)): void;
  /** Requests received so far, whatever the mode. */
  readonly requests: number;
  /** The Authorization header of the last request, to check Basic auth. */
  readonly lastAuthorization: string | undefined;
  close(): Promise<void>;
}

/** TimeStampResp { PKIStatusInfo { status 2 (rejection), failInfo badAlg (bit 0) } }. */
const REJECTED_BAD_ALG = Buffer.from('3009300702010203020780', 'hex');

/**
 * A timestamp authority on 127.0.0.1 (docs/research/039-own-certificate-and-timestamp.md §4): real
 * tokens from Debian's openssl in 'ok', and the ways a TSA fails otherwise. Requests are answered
 * one at a time: `openssl ts -reply` keeps its serial number in a file.
 */
export async function startTestTsa(pki: TestPki, mode: TestTsaMode = 'ok'): Promise<TestTsa> {
  let current: TestTsaMode | ((requestNumber: number) => TestTsaMode) = mode;
  let requests = 0;
  let lastAuthorization: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const hanging = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    requests += 1;
    const number = requests;
    lastAuthorization = request.headers.authorization;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answering = typeof current === 'function' ? current(number) : current;
      if (answering === 'hang') {
        hanging.add(response);
        return;
      }
      if (answering === 'http500') return void response.writeHead(500).end('TSA down');
      if (answering === 'rejected') return void reply(response, REJECTED_BAD_ALG);
      if (answering === 'garbage') return void reply(response, Buffer.from('<html>hi</html>'));
      queue = queue.then(() =>
        stamp(pki, Buffer.concat(chunks), number).then(
          (answer) => reply(response, answer),
          (error: unknown) => response.writeHead(500).end(String(error)),
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/tsr`,
    setMode(next) {
      current = next;
    },
    get requests() {
      return requests;
    },
    get lastAuthorization() {
      return lastAuthorization;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(response: ServerResponse, body: Buffer): void {
  response
    .writeHead(200, {
      'Content-Type': 'application/timestamp-reply',
      'Content-Length': body.length,
    })
    .end(body);
}

async function stamp(pki: TestPki, query: Buffer, number: number): Promise<Buffer> {
  const queryFile = path.join(pki.dir, `tsa-request-${number}.tsq`);
  const replyFile = path.join(pki.dir, `tsa-reply-${number}.tsr`);
  await writeFile(queryFile, query);
  try {
    await run(
      'openssl',
      ['ts', '-reply', '-config', pki.tsa.config, '-queryfile', queryFile, '-out', replyFile],
      { timeout: 30_000 },
    );
    return await readFile(replyFile);
  } finally {
    await rm(queryFile, { force: true });
    await rm(replyFile, { force: true });
  }
}
