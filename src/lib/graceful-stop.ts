import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** How long without a new connection counts as "nobody is connecting" before the listener closes. */
const QUIET_MS = 50;
/** The longest requests are held back while waiting for that quiet. */
const HOLD_MAX_MS = 1_000;

export interface GracefulStop {
  /** Drains, closes the listener without resetting queued connections, then stops the app. */
  stop(signal: string): Promise<void>;
}

/**
 * A stop that drops no request (issue 15). Closing a listener resets every connection the
 * kernel has accepted but the process has not taken yet; under steady load there are always
 * some. So a stop has three steps:
 *
 * 1. For `drainMs` the server goes on accepting and answering, each answer with
 *    `Connection: close`: a proxy or client moves to another instance, or retries after the
 *    restart. Idle keep-alive connections are left to Fastify's close (step 3): Node counts a
 *    connection just accepted, its request not yet read, as idle, and closing "idle"
 *    connections under load resets those.
 * 2. New requests are then held back (not refused) until no connection has arrived for 50 ms:
 *    every client that keeps coming is now waiting for an answer, none is in the listen queue.
 * 3. The listener closes (new connections are refused, which a client can tell from a reset),
 *    idle keep-alive connections are closed, the held requests are answered, and Fastify
 *    finishes what is in flight.
 */
export function registerGracefulStop(
  app: FastifyInstance,
  options: { drainMs: number },
): GracefulStop {
  const now = Date.now;
  let stopping = false;
  let held: Promise<void> | undefined;
  let lastConnectionAt = 0;

  app.server.on('connection', () => {
    if (stopping) lastConnectionAt = now();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (held) void held.then(() => done());
    else done();
  });
  // Fastify closes idle keep-alive connections on close, but not one whose request is in
  // flight: its answer tells the client to hang up, so the stop is not held up by keep-alive.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done();
  });

  return {
    async stop(signal) {
      stopping = true;
      lastConnectionAt = now();
      app.log.info(
        `${signal} received: answering for ${options.drainMs} ms more, then finishing requests in flight and stopping`,
      );
      await sleep(options.drainMs);

      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      const holdUntil = now() + HOLD_MAX_MS;
      while (now() - lastConnectionAt < QUIET_MS && now() < holdUntil) await sleep(10);
      app.log.info('closing the listener');
      const closed = app.close();
      // Fastify closes the listener a few ticks into close(). Answering the held requests any
      // sooner would send their clients back into the listen queue just before it is reset.
      while (app.server.listening) await sleep(1);
      release();
      await closed;
    },
  };
}
