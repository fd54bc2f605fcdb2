import { sql } from 'kysely';
import type { DB } from '../../db/kysely.js';
import { planMigrations } from '../../db/safe-migrate.js';
import type { ReadinessCheck, WorkerMonitor } from '../../lib/worker-ticks.js';

/** A load balancer waits a few seconds for an answer; a database slower than this counts as down. */
export const DATABASE_DEADLINE_MS = 3_000;

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

/**
 * Whether this instance should get visitors: its database answers within the deadline and has
 * exactly the migrations this version ships, and its workers tick (src/lib/worker-ticks.ts).
 * Every check runs, so one answer names every problem. The answer is public: a database's error
 * (which may name internal hosts) goes to `logError`, not into it.
 */
export async function checkReadiness(
  db: DB,
  workers: WorkerMonitor,
  logError: (error: unknown) => void,
  deadlineMs = DATABASE_DEADLINE_MS,
): Promise<Readiness> {
  const checks = [...(await checkDatabase(db, logError, deadlineMs)), ...workers.checks()];
  return { ready: checks.every((check) => check.ok), checks };
}

async function checkDatabase(
  db: DB,
  logError: (error: unknown) => void,
  deadlineMs: number,
): Promise<ReadinessCheck[]> {
  try {
    await withDeadline(sql`select 1`.execute(db), deadlineMs);
  } catch (error) {
    logError(error);
    const late = error instanceof DeadlineError;
    return [
      {
        name: 'database',
        ok: false,
        detail: late ? error.message : 'does not answer (the log says why)',
      },
      { name: 'migrations', ok: false, detail: 'unknown: the database does not answer' },
    ];
  }
  const database = { name: 'database', ok: true, detail: 'answers' };
  const plan = await withDeadline(planMigrations(db), deadlineMs).catch((error: unknown) => {
    logError(error);
    return null;
  });
  if (!plan) {
    return [
      database,
      { name: 'migrations', ok: false, detail: 'the migrations table is unreadable' },
    ];
  }
  if (plan.unknown.length > 0) {
    // A newer version migrated the database: this one's queries may no longer fit it.
    const detail = `the database has migrations this version does not know: ${plan.unknown.join(', ')}`;
    return [database, { name: 'migrations', ok: false, detail }];
  }
  if (plan.pending.length > 0) {
    const detail = `${plan.pending.length} not applied yet: ${plan.pending.join(', ')}`;
    return [database, { name: 'migrations', ok: false, detail }];
  }
  return [database, { name: 'migrations', ok: true, detail: `all ${plan.applied} applied` }];
}

class DeadlineError extends Error {
  constructor(deadlineMs: number) {
    super(`no answer within ${deadlineMs / 1000} s`);
    this.name = 'DeadlineError';
  }
}

function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(deadlineMs)), deadlineMs);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
