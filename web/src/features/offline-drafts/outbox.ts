import { offlineDb } from '../../lib/offline-db';
import type { OutboxEntry } from '../../lib/outbox-entry';

export type { OutboxEntry };

/**
 * Drafts saved on this phone and waiting for the server (issue 40), in IndexedDB. Every change
 * is told to the screens that show them (the wizard, the contracts list).
 */
const listeners = new Set<() => void>();

export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

/** Whether this browser can keep drafts at all (no IndexedDB: the wizard saves online only). */
export async function outboxAvailable(): Promise<boolean> {
  return (await offlineDb()) !== null;
}

export async function outboxEntries(email: string): Promise<OutboxEntry[]> {
  const db = await offlineDb();
  if (!db) return [];
  const entries = await db.getAllFromIndex('outbox', 'by-email', email);
  return entries.sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function outboxEntry(key: string): Promise<OutboxEntry | undefined> {
  const db = await offlineDb();
  return db ? db.get('outbox', key) : undefined;
}

/** Saves the draft's latest state; its place in the queue is kept from its first save. */
export async function putOutboxEntry(
  entry: Omit<
    OutboxEntry,
    'queuedAt' | 'revision' | 'attempts' | 'nextTryAt' | 'status' | 'problem'
  >,
  now = Date.now(),
): Promise<OutboxEntry | null> {
  const db = await offlineDb();
  if (!db) return null;
  const before = await db.get('outbox', entry.key);
  const saved: OutboxEntry = {
    ...entry,
    queuedAt: before?.queuedAt ?? now,
    revision: (before?.revision ?? 0) + 1,
    attempts: 0,
    nextTryAt: now,
    status: 'waiting',
    problem: null,
  };
  await db.put('outbox', saved);
  changed();
  return saved;
}

/** Changes an entry's bookkeeping (attempts, status), unless a newer save replaced it. */
export async function markOutboxEntry(
  sent: OutboxEntry,
  change: Partial<
    Pick<OutboxEntry, 'attempts' | 'nextTryAt' | 'status' | 'problem' | 'baseVersion'>
  >,
): Promise<void> {
  const db = await offlineDb();
  if (!db) return;
  const now = await db.get('outbox', sent.key);
  if (!now || now.revision !== sent.revision) return;
  await db.put('outbox', { ...now, ...change });
  changed();
}

/**
 * The server has `sent` as contract `contractId` at `draftVersion`. The entry goes, unless a newer
 * save came while it was on its way: that one stays, now as a change to the saved contract.
 */
export async function settleOutboxEntry(
  sent: OutboxEntry,
  contractId: number,
  draftVersion: number,
): Promise<void> {
  const db = await offlineDb();
  if (!db) return;
  const now = await db.get('outbox', sent.key);
  await db.delete('outbox', sent.key);
  if (now && now.revision !== sent.revision) {
    await db.put('outbox', {
      ...now,
      key: `contract:${contractId}`,
      contractId,
      clientDraftId: null,
      baseVersion: draftVersion,
    });
  }
  changed();
}

export async function dropOutboxEntry(key: string): Promise<void> {
  const db = await offlineDb();
  if (!db) return;
  await db.delete('outbox', key);
  changed();
}

export const newDraftKey = (clientDraftId: string) => `new:${clientDraftId}`;
export const contractKey = (contractId: number) => `contract:${contractId}`;
