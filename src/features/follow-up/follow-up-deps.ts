import type { AppDeps } from '../../ports/app-deps.js';

/** What the follow-through's services use: the database, links and mail, and the clock. */
export type FollowUpDeps = Pick<AppDeps, 'db' | 'config' | 'mailSealer' | 'clock'> & {
  /** Where the worker reports a contract it could not handle; silent when absent. */
  log?: { warn(obj: object, msg?: string): void };
};
