/** A background pass run on a timer and on request, one pass at a time. */
export interface Polling<Result> {
  /** One pass now, after any pass in flight (the timer's and runOnce's alike). */
  runOnce(): Promise<Result>;
  /** True once stop() was called: a long pass checks it to end early. */
  readonly stopped: boolean;
  /** Stops the timer and waits for a pass in flight. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `pollMs` in this process, never two at once, without keeping the process
 * alive (tests, shutdown). `after` runs first (recovery at start); a failed pass goes to
 * `onError` and the next one runs as usual. The workers' own rules (claims, leases, retries)
 * live in their passes.
 */
export function startPolling<Result>(
  pass: () => Promise<Result>,
  options: { pollMs: number; onError: (error: unknown) => void; after?: Promise<unknown> },
): Polling<Result> {
  let stopped = false;
  let chain: Promise<unknown> = (options.after ?? Promise.resolve()).catch(options.onError);
  const runOnce = () => {
    const run = chain.then(pass);
    chain = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    if (!stopped) runOnce().catch(options.onError);
  }, options.pollMs);
  timer.unref();
  return {
    runOnce,
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
  };
}
