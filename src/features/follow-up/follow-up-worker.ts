import { startPolling } from '../../lib/polling.js';
import { expireOverdue } from '../contracts/expiry.js';
import type { FollowUpDeps } from './follow-up-deps.js';
import { sendDueReminders } from './reminders.service.js';

export interface FollowUpWorker {
  /** One pass now (after any pass in flight): expiries, then due reminders. */
  runOnce(): Promise<{ expired: number; reminded: number }>;
  /** Waits for a pass in flight, then stops. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The clock's side of the follow-through (issue 17): contracts whose last link ran out expire,
 * and automatic reminders go when due. Everything it does is a conditional update keyed in the
 * database, so a restart or a second process never sends a reminder twice.
 */
export function startFollowUpWorker(
  deps: FollowUpDeps & {
    log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
    pollMs?: number;
  },
): FollowUpWorker {
  const pass = async () => {
    const expired = await expireOverdue(deps.db, deps.clock());
    const reminded = await sendDueReminders(deps);
    if (expired + reminded > 0) deps.log.info({ expired, reminded }, 'follow-up: pass done');
    return { expired, reminded };
  };
  return startPolling(pass, {
    pollMs: deps.pollMs ?? 30_000,
    onError: (error) => deps.log.warn({ err: error }, 'follow-up: pass failed'),
  });
}
