import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver as a hostile or broken one behaves (issue 33): it accepts the connection,
 * reads the request, then answers one byte a second and never finishes. Raw TCP, so not even the
 * status line is complete before a sender's deadline. Real, on 127.0.0.1.
 */
export interface TrickleReceiver {
  /** http://127.0.0.1:<port> : add a path per endpoint. */
  origin: string;
  /** Connections that sent a request and are being trickled to now. */
  readonly open: number;
  /** Connections that ended (the sender gave up, or the receiver closed). */
  readonly ended: number;
  /** The most connections open at once for one path: a sender's per-endpoint limit. */
  mostAtOnceByPath(): Record<string, number>;
  /** Requests received per path. */
  requestsByPath(): Record<string, number>;
  close(): Promise<void>;
}

/** What a receiver trickles: a valid answer's start, never its end. */
const ANSWER = 'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 1000\r\n\r\n';

export async function startTrickleReceiver(byteEveryMs = 1000): Promise<TrickleReceiver> {
  const sockets = new Set<Socket>();
  const openByPath = new Map<string, number>();
  const mostByPath: Record<string, number> = {};
  const requests: Record<string, number> = {};
  let open = 0;
  let ended = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    let path: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    socket.once('data', (chunk: Buffer) => {
      // The request line, "POST /a HTTP/1.1": enough to tell the endpoints apart.
      path = chunk.toString('latin1').split(' ')[1] ?? '/';
      requests[path] = (requests[path] ?? 0) + 1;
      const now = (openByPath.get(path) ?? 0) + 1;
      openByPath.set(path, now);
      mostByPath[path] = Math.max(mostByPath[path] ?? 0, now);
      open += 1;
      let sent = 0;
      timer = setInterval(() => {
        if (sent < ANSWER.length) socket.write(ANSWER[sent]!);
        sent += 1;
      }, byteEveryMs);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (path === null) return;
      openByPath.set(path, (openByPath.get(path) ?? 1) - 1);
      open -= 1;
      ended += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get open() {
      return open;
    },
    get ended() {
      return ended;
    },
    mostAtOnceByPath: () => ({ ...mostByPath }),
    requestsByPath: () => ({ ...requests }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
