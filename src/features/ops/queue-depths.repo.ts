import type { DbOrTrx } from '../../db/kysely.js';

/** The three queues background workers drain, and what counts as still waiting in each. */
const QUEUES = {
  mail: { table: 'email_outbox', waiting: ['pending', 'sending'] },
  documents: { table: 'document_jobs', waiting: ['pending', 'running'] },
  webhooks: { table: 'webhook_deliveries', waiting: ['pending', 'delivering'] },
} as const;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export interface QueueDepth {
  queue: QueueName;
  /** Items not yet done: due, waiting for a retry, or being worked on. */
  depth: number;
  /** When the oldest of them was queued; null when the queue is empty. */
  oldestQueuedAt: string | null;
}

/**
 * Each queue's depth and oldest item, across every account and instance: what an operator
 * watches to see mail or PDFs backing up. The status index of each table serves the count.
 */
export async function readQueueDepths(db: DbOrTrx): Promise<QueueDepth[]> {
  return Promise.all(
    QUEUE_NAMES.map(async (queue) => {
      const { table, waiting } = QUEUES[queue];
      const row = await db
        .selectFrom(table)
        .where('status', 'in', [...waiting])
        .select((eb) => [
          eb.fn.countAll<number | string | bigint>().as('depth'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .executeTakeFirstOrThrow();
      return { queue, depth: Number(row.depth), oldestQueuedAt: row.oldest ?? null };
    }),
  );
}
