import { Counter, Registry } from 'prom-client';

/**
 * Counted where the document worker of this process finishes an attempt, so it lives with the
 * process rather than with one app: GET /metrics merges it with the app's own (metrics.ts).
 */
export const processRegistry = new Registry();

const sealedCopies = new Counter({
  name: 'tradesign_sealed_copies_total',
  help: 'Attempts at a sealed executed copy by this instance: made, or failed (retried, or sent as HTML after the last)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});
sealedCopies.inc({ outcome: 'made' }, 0);
sealedCopies.inc({ outcome: 'failed' }, 0);

/** One attempt at printing and sealing an executed copy ended (src/features/documents). */
export function countSealedCopy(outcome: 'made' | 'failed'): void {
  sealedCopies.inc({ outcome });
}

/** How many attempts with this outcome this process has counted so far. */
export async function sealedCopiesCounted(outcome: 'made' | 'failed'): Promise<number> {
  const { values } = await sealedCopies.get();
  return values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}
