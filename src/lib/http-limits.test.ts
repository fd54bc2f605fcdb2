import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 15 item 1, on a real listening socket: a client that sends its headers or its body
 * slowly on purpose is cut off at the configured deadline, while others are answered.
 */
const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 500;
/** Node checks the first two deadlines on a timer (every 250 ms here); plus a busy machine. */
const SLACK_MS = 1_500;

let t: TestApp | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!t) throw new Error('no app');
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count)));
  });
}

async function listening(overrides: Record<string, string> = {}) {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    ...overrides,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

interface RawConnection {
  socket: net.Socket;
  /** Resolves when the server closes the connection: what it sent and how long it took. */
  closed: Promise<{ afterMs: number; received: string }>;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    const openedAt = Date.now();
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<{ afterMs: number; received: string }>((done) => {
      socket.on('close', () => done({ afterMs: Date.now() - openedAt, received }));
    });
    // A reset is how a refused connection may end; 'close' follows it.
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** A plain GET on its own connection; signed out, the answer is 401. */
async function answeredStatus(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/user`, {
    headers: { connection: 'close' },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('request deadlines (issue 15)', () => {
  it('closes a connection that never finishes its headers, and one that trickles its body', async () => {
    const port = await listening();
    const partialHeaders = await connect(port);
    partialHeaders.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const slowBody = await connect(port);
    slowBody.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Origin: ${t?.origin}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100000\r\n\r\n{',
    );
    // One more byte every 300 ms: never idle, never done.
    const trickle = setInterval(() => slowBody.socket.write(' '), 300);
    try {
      // Meanwhile the server answers everyone else.
      expect(await answeredStatus(port)).toBe(401);

      const headers = await partialHeaders.closed;
      expect(headers.afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(headers.afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
      expect(headers.received).toMatch(/^HTTP\/1\.1 408 /);

      const body = await slowBody.closed;
      expect(body.afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(body.afterMs).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
      expect(body.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(await answeredStatus(port)).toBe(401);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = await listening();
    const connection = await connect(port);
    connection.socket.write('GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { afterMs, received } = await connection.closed;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received.toLowerCase()).toContain('keep-alive: timeout=');
    expect(afterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + SLACK_MS);
  });

  it('refuses connections past the cap, and answers again once one closes', async () => {
    const port = await listening({ HTTP_MAX_CONNECTIONS: '3' });
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    for (const { socket } of held) socket.write('GET /api/auth/user HTTP/1.1\r\n');
    // Let the server accept all three before the fourth knocks.
    await expect.poll(openConnections).toBe(3);
    const fourth = await connect(port);
    fourth.socket.write('GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const refused = await fourth.closed;
    expect(refused.received).toBe('');

    held[0]?.socket.destroy();
    await expect.poll(openConnections).toBe(2);
    expect(await answeredStatus(port)).toBe(401);
  });
});
