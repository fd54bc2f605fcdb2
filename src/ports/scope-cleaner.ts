import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTrx } from '../db/kysely.js';
import type { CleanScopeResult } from '../domain/scope.schemas.js';

/** Tidies a contractor's scope notes: a model when one answers, the built-in rules otherwise. */
export interface ScopeCleaner {
  clean(
    db: DbOrTrx,
    userId: number,
    snippets: readonly string[],
    log: FastifyBaseLogger,
  ): Promise<CleanScopeResult>;
}
