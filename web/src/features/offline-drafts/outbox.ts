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

/** Bookkeeping an entry gets when it is saved, not given by the saver. */
type Kept =
  'queuedAt' | 'revision' | 'attempts' | 'nextTryAt' | 'status' | 'problem' | 'createTried';

/**
 * Saves the draft's latest state; its place in the queue is kept from its first save. Each
 * change below is one IndexedDB transaction: a send settling while the person saves must never
 * write over the newer save (read, compare and write together).
 */
export async function putOutboxEntry(
  entry: Omit<OutboxEntry, Kept>,
  now = Date.now(),
): Promise<{ saved: OutboxEntry; before: OutboxEntry | undefined } | null> {
  const db = await offlineDb();
  if (!db) return null;
  const tx = db.transaction('outbox', 'readwrite');
  const before = await tx.store.get(entry.key);
  const saved: OutboxEntry = {
    ...entry,
    queuedAt: before?.queuedAt ?? now,
    revision: (before?.revision ?? 0) + 1,
    attempts: 0,
    nextTryAt: now,
    status: 'waiting',
    problem: null,
    createTried: before?.createTried ?? false,
  };
  await tx.store.put(saved);
  await tx.done;
  changed();
  return { saved, before };
}

/** Changes an entry's bookkeeping (attempts, status), unless a newer save replaced it. */
export async function markOutboxEntry(
  sent: OutboxEntry,
  change: Partial<
    Pick<OutboxEntry, 'attempts' | 'nextTryAt' | 'status' | 'problem' | 'createTried'>
  >,
): Promise<void> {
  const db = await offlineDb();
  if (!db) return;
  const tx = db.transaction('outbox', 'readwrite');
  const now = await tx.store.get(sent.key);
  // A newer save keeps its own state; what it learnt of the server still holds for it.
  if (now) await tx.store.put({ ...now, ...pickFacts(change, now.revision === sent.revision) });
  await tx.done;
  changed();
}

/** Of a failed try's bookkeeping, what a newer save keeps: that a create may have gone out. */
function pickFacts(change: Parameters<typeof markOutboxEntry>[1], sameRevision: boolean) {
  if (sameRevision) return change;
  return change.createTried ? { createTried: true } : {};
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
  const tx = db.transaction('outbox', 'readwrite');
  const now = await tx.store.get(sent.key);
  await tx.store.delete(sent.key);
  if (now && now.revision !== sent.revision) {
    await tx.store.put({
      ...now,
      key: contractKey(contractId),
      contractId,
      clientDraftId: null,
      baseVersion: draftVersion,
      createTried: false,
    });
  }
  await tx.done;
  changed();
}

/** Puts back what waited before a save the server refused (or drops the refused one). */
export async function restoreOutboxEntry(
  key: string,
  before: OutboxEntry | undefined,
): Promise<void> {
  const db = await offlineDb();
  if (!db) return;
  await (before ? db.put('outbox', before) : db.delete('outbox', key));
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
