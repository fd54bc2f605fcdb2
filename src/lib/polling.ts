import type { TickRecorder } from './worker-ticks.js';

/** A background pass run on a timer and on request, one pass at a time. */
export interface Polling<Result> {
  /** One pass now, after any pass in flight (the timer's and runOnce's alike). */
  runOnce(): Promise<Result>;
  /** True once stop() was called: a long pass checks it to end early. */
  readonly stopped: boolean;
  /** Stops the timer and waits for a pass in flight. Safe to call twice. */
  stop(): Promise<void>;
}

export interface PollingOptions {
  pollMs: number;
  onError: (error: unknown) => void;
  /** Runs before the first pass (recovery at start). */
  after?: Promise<unknown>;
  /** Where the ticks go for /readyz; by default the one given by withTicksRecordedBy. */
  ticks?: TickRecorder;
}

let recorderForNextPoller: TickRecorder | null = null;

/**
 * Starts a worker whose poller reports its ticks to `recorder`: the server watches each worker
 * this way (src/server.ts) without every worker's options passing the recorder through. A worker
 * that starts no poller throws here, so one that stops using startPolling is noticed at start.
 */
export function withTicksRecordedBy<Worker>(recorder: TickRecorder, startWorker: () => Worker) {
  recorderForNextPoller = recorder;
  try {
    const worker = startWorker();
    if (recorderForNextPoller === recorder) {
      throw new Error('the worker started no poller (src/lib/polling.ts): its ticks are unknown');
    }
    return worker;
  } finally {
    recorderForNextPoller = null;
  }
}

/**
 * Runs `pass` every `pollMs` in this process, never two at once, without keeping the process
 * alive (tests, shutdown). `after` runs first (recovery at start); a failed pass goes to
 * `onError` and the next one runs as usual. While a pass outlasts the interval (a slow send, a
 * long print) the timer does not queue more behind it: the next tick after it ends polls again.
 * The workers' own rules (claims, leases, retries) live in their passes.
 */
export function startPolling<Result>(
  pass: () => Promise<Result>,
  options: PollingOptions,
): Polling<Result> {
  const ticks = options.ticks ?? recorderForNextPoller;
  recorderForNextPoller = null;
  let stopped = false;
  let timerPassRunning = false;
  let chain: Promise<unknown> = (options.after ?? Promise.resolve()).catch(options.onError);
  const timedPass = async () => {
    ticks?.passStarted();
    try {
      return await pass();
    } finally {
      ticks?.passEnded();
    }
  };
  const runOnce = () => {
    const run = chain.then(timedPass);
    chain = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    if (stopped) return;
    ticks?.tick();
    if (timerPassRunning) return;
    timerPassRunning = true;
    void runOnce()
      .catch(options.onError)
      .finally(() => {
        timerPassRunning = false;
      });
  }, options.pollMs);
  timer.unref();
  ticks?.started(options.pollMs);
  return {
    runOnce,
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      ticks?.stopped();
      clearInterval(timer);
      await chain;
    },
  };
}
