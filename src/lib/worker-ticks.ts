/** The background workers whose ticks /readyz reads (src/server.ts starts them). */
export const WORKER_NAMES = ['mail', 'documents', 'webhooks', 'follow-up'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

/** What a poller tells about itself (src/lib/polling.ts): kept in memory, read by /readyz. */
export interface TickRecorder {
  /** The poller is running and means to tick every `pollMs`. */
  started(pollMs: number): void;
  /** Its timer fired: the loop is alive, whether or not a pass is still running. */
  tick(): void;
  passStarted(): void;
  passEnded(): void;
  stopped(): void;
}

/** One line of /readyz's answer. */
export interface ReadinessCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** A poller that has not ticked for this many of its intervals is taken for dead. */
export const STALE_AFTER_POLLS = 5;

/**
 * A pass longer than this waits on something that will not answer. It is long on purpose: the
 * document worker works its whole queue down in one pass, and under a burst of signatures that is
 * minutes of honest work on every instance at once; calling that "not ready" would take them all
 * out of the load balancer together.
 */
export const HUNG_PASS_MS = 15 * 60_000;

type WorkerState =
  | { kind: 'not started' }
  | { kind: 'off'; reason: string }
  | {
      kind: 'running' | 'stopped';
      pollMs: number;
      lastTickAt: number;
      passStartedAt: number | null;
    };

/** Each worker's last tick, in this process only (every instance runs every worker). */
export interface WorkerMonitor {
  /** The recorder a worker's poller reports to. */
  recorderFor(name: WorkerName): TickRecorder;
  /** The worker does not run here by configuration (no Chromium): it counts as ready. */
  off(name: WorkerName, reason: string): void;
  /**
   * A stop began (SIGTERM): from now on the instance is not ready, so a load balancer moves
   * visitors away during the drain (src/lib/graceful-stop.ts), before the workers stop.
   */
  stopping(signal: string): void;
  /** The server's stop, if any, then one line per worker. */
  checks(): ReadinessCheck[];
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function createWorkerMonitor(now: () => number = Date.now): WorkerMonitor {
  const states = new Map<WorkerName, WorkerState>(
    WORKER_NAMES.map((name) => [name, { kind: 'not started' }]),
  );
  let stoppingOn: string | null = null;
  const running = (name: WorkerName) => {
    const state = states.get(name);
    return state && (state.kind === 'running' || state.kind === 'stopped') ? state : null;
  };

  function describe(state: WorkerState): { ok: boolean; detail: string } {
    if (state.kind === 'not started') return { ok: false, detail: 'not started' };
    if (state.kind === 'off') return { ok: true, detail: `off: ${state.reason}` };
    if (state.kind === 'stopped') return { ok: false, detail: 'stopped (the server is stopping)' };
    const at = now();
    const sinceTick = at - state.lastTickAt;
    const every = `polls every ${seconds(state.pollMs)}`;
    if (sinceTick > STALE_AFTER_POLLS * state.pollMs) {
      return { ok: false, detail: `no tick for ${seconds(sinceTick)} (${every})` };
    }
    if (state.passStartedAt !== null) {
      const busy = at - state.passStartedAt;
      if (busy > HUNG_PASS_MS) {
        return { ok: false, detail: `one pass has been running for ${seconds(busy)}` };
      }
      return { ok: true, detail: `working for ${seconds(busy)} (${every})` };
    }
    return { ok: true, detail: `ticked ${seconds(sinceTick)} ago (${every})` };
  }

  return {
    recorderFor(name) {
      return {
        started(pollMs) {
          states.set(name, { kind: 'running', pollMs, lastTickAt: now(), passStartedAt: null });
        },
        tick() {
          const state = running(name);
          if (state) state.lastTickAt = now();
        },
        passStarted() {
          const state = running(name);
          if (state) state.passStartedAt = now();
        },
        passEnded() {
          const state = running(name);
          if (state) {
            state.passStartedAt = null;
            state.lastTickAt = now();
          }
        },
        stopped() {
          const state = running(name);
          if (state) state.kind = 'stopped';
        },
      };
    },
    off(name, reason) {
      states.set(name, { kind: 'off', reason });
    },
    stopping(signal) {
      stoppingOn = signal;
    },
    checks() {
      const workers = WORKER_NAMES.map((name) => ({
        name: `worker:${name}`,
        ...describe(states.get(name) ?? { kind: 'not started' }),
      }));
      if (stoppingOn === null) return workers;
      return [{ name: 'server', ok: false, detail: `stopping (${stoppingOn})` }, ...workers];
    },
  };
}
