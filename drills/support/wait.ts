import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `check` until it returns a value (not undefined) or the deadline passes; the error then
 * says what was awaited and `describe()` tells the state, so a failed drill explains itself.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; describe?: () => string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${options.timeoutMs} ms waiting for ${what}\n${options.describe?.() ?? ''}`,
      );
    }
    await sleep(options.intervalMs ?? 100);
  }
}
