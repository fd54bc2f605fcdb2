import { ZodError } from 'zod';
import { cleanScopeWithRules } from '../../domain/scope-rules/index.js';
import { enforceRateLimits } from '../rate-limit/rate-limit.js';
import type { ScopeCleaner } from '../../ports/scope-cleaner.js';
import { cleanScopeWithOllama, type OllamaSettings } from './ollama-cleaner.js';

/** A contractor cleans a scope a few times per contract; this stops scripted abuse of the model. */
export const scopeCleanupRateLimit = { limit: 30, windowMs: 10 * 60 * 1000 };

/**
 * After Ollama cannot be reached (refused, timed out, server error), skip it for a minute: a dead
 * or unroutable host must not cost every contractor the full timeout. Process memory is right
 * here: it is a cache, not state. A junk answer does not count: it may be specific to one input.
 */
const OLLAMA_RETRY_AFTER_MS = 60_000;

export type { ScopeCleaner } from '../../ports/scope-cleaner.js';

export function createScopeCleaner(
  settings: OllamaSettings,
  options: { retryAfterMs?: number; clock?: () => Date } = {},
): ScopeCleaner {
  const retryAfterMs = options.retryAfterMs ?? OLLAMA_RETRY_AFTER_MS;
  const clock = options.clock ?? (() => new Date());
  let skipOllamaUntil = 0;
  return {
    async clean(db, userId, snippets, log) {
      const now = clock();
      await enforceRateLimits(
        db,
        [{ key: `scope:user:${userId}`, rule: scopeCleanupRateLimit }],
        now,
        'Too many cleanups in a short time. Please wait a few minutes.',
      );
      const notes = snippets.map((snippet) => snippet.trim()).filter((snippet) => snippet !== '');
      if (notes.length > 0 && now.getTime() >= skipOllamaUntil) {
        try {
          const scope = await cleanScopeWithOllama(notes, settings);
          return { ...scope, engine: 'ollama' };
        } catch (error) {
          if (!isJunkAnswer(error)) skipOllamaUntil = clock().getTime() + retryAfterMs;
          // The reason only: the notes are the contractor's business, not the log's.
          log.warn(
            { reason: describeFailure(error) },
            'Ollama cleanup failed; using the rules engine',
          );
        }
      }
      return { ...cleanScopeWithRules(notes), engine: 'rules' };
    },
  };
}

/** A reply that arrived but was not valid JSON of the right shape. */
function isJunkAnswer(error: unknown): boolean {
  return error instanceof SyntaxError || error instanceof ZodError;
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'unknown error';
}
