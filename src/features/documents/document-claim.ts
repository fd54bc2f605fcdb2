import type { CompanyId } from '../../domain/team.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { engineOf } from '../../db/engine.js';
import type { DB } from '../../db/kysely.js';

/** A job as its claim holds it, with the company whose contract it prints. */
export interface DocumentJobClaim {
  contract_id: number;
  attempts: number;
  lease_token: string | null;
  company_id: CompanyId;
}

/** Whose turn it is, as the claiming worker sees it. */
export interface ClaimTurn {
  /** The company claimed for last: companies after it come first, then it wraps round. */
  afterCompanyId: number;
  /** Companies passed over this time: they already hold their share of the printing slots. */
  skipCompanyIds: readonly CompanyId[];
}

/**
 * Claims the next due job for printing, or nothing when none is due: pending and due, or running
 * with its lease run out (the instance printing it died). Jobs not yet tried go first, so a
 * document that keeps failing waits behind everyone's new work; then the companies after the one
 * served last, wrapping round, so one company's burst of signatures is printed in turn with
 * everyone else's; then the job due longest.
 *
 * One conditional update writes `running`, a fresh lease token, the lease's end and the attempt
 * (docs/decisions/023): exactly one claimant gets a given job, and only the token's holder
 * records its outcome. SQLite runs the update's choice and claim under the file's write lock;
 * PostgreSQL locks the candidate with SKIP LOCKED, so instances (and this worker's slots)
 * claiming at once take different jobs instead of queueing on one.
 */
export async function claimNextDocumentJob(
  db: DB,
  now: Date,
  leaseMs: number,
  turn: ClaimTurn,
): Promise<DocumentJobClaim | undefined> {
  const nowIso = now.toISOString();
  const statuses = ['pending', 'running'] as const;
  const candidates = db
    .selectFrom('document_jobs as j')
    .innerJoin('contracts as c', 'c.id', 'j.contract_id')
    .select('j.contract_id')
    .where('j.status', 'in', statuses)
    .where('j.next_attempt_at', '<=', nowIso)
    .$if(turn.skipCompanyIds.length > 0, (query) =>
      query.where('c.company_id', 'not in', turn.skipCompanyIds),
    )
    .orderBy('j.attempts')
    .orderBy(sql`CASE WHEN c.company_id > ${turn.afterCompanyId} THEN 0 ELSE 1 END`)
    .orderBy('c.company_id')
    .orderBy('j.next_attempt_at')
    .orderBy('j.contract_id')
    .limit(1);
  // PostgreSQL: the job's row alone is locked (FOR UPDATE OF j), never its contract's.
  const due = engineOf(db) === 'postgres' ? candidates.forUpdate('j').skipLocked() : candidates;
  return db
    .updateTable('document_jobs')
    .set((eb) => ({
      status: 'running',
      next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
      lease_token: randomUUID(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('contract_id', '=', due)
    .where('status', 'in', statuses)
    .where('next_attempt_at', '<=', nowIso)
    .returning(['contract_id', 'attempts', 'lease_token'])
    .returning((eb) =>
      eb
        .selectFrom('contracts')
        .select('contracts.company_id')
        .whereRef('contracts.id', '=', 'document_jobs.contract_id')
        .$asScalar()
        .$notNull()
        .as('company_id'),
    )
    .executeTakeFirst();
}
