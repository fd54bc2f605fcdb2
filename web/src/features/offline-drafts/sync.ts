import type { Contract } from '@domain/contracts.schemas';
import { errorMessage } from '../../lib/errors';
import {
  markOutboxEntry,
  outboxEntries,
  outboxEntry,
  settleOutboxEntry,
  type OutboxEntry,
} from './outbox';
import { retryDelayMs, sendOutcomeOf, triedAgain, type SendOutcome } from './retry-schedule';

/**
 * Sends the drafts saved on this phone, one at a time in the order they were first saved
 * (issue 40). It calls the tRPC client itself: TanStack Query pauses its mutations while it
 * thinks the phone is offline, and a save must learn at once that it stayed on the phone.
 */
export type SendResult =
  | { ok: true; contract: Contract }
  | { ok: false; outcome: SendOutcome; message: string; error: unknown };

export interface DraftSynced {
  entry: OutboxEntry;
  contract: Contract;
  /** Sent by the background sync, not by a Save the person is watching. */
  background: boolean;
}

const syncedListeners = new Set<(synced: DraftSynced) => void>();

export function onDraftSynced(listener: (synced: DraftSynced) => void): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}

async function sendDraft(entry: OutboxEntry): Promise<Contract> {
  const { trpcClient } = await import('../../lib/trpc');
  if (entry.contractId === null) {
    const created = await trpcClient.contracts.create.mutate({
      ...entry.payload,
      ...(entry.clientDraftId ? { client_draft_id: entry.clientDraftId } : {}),
    });
    if (!entry.createTried) return created;
    // An earlier create may have made it with what was sent then (its answer was lost), and the
    // server answers a repeated create with the contract as it stands: the latest state follows.
    // Sent on the version just read; an unchanged save is answered as saved.
    return trpcClient.contracts.update.mutate({
      id: created.id,
      ...entry.payload,
      base_version: created.draft_version,
    });
  }
  return trpcClient.contracts.update.mutate({
    id: entry.contractId,
    ...entry.payload,
    ...(entry.baseVersion === null ? {} : { base_version: entry.baseVersion }),
  });
}

/**
 * A save the person is watching: sent now, in turn with the background sync (the same Web
 * Lock), so the two never send one draft at once; the entry is read again once it is its turn.
 */
export function sendSavedNow(entry: OutboxEntry): Promise<SendResult | null> {
  return withSyncLock(async () => {
    const current = await outboxEntry(entry.key);
    // The background sent it meanwhile (the save is settled), or a newer save took its place.
    if (!current) return null;
    return sendOutboxEntry(current, { background: false });
  });
}

/** One try at sending one entry; the entry is settled or marked with what came of it. */
export async function sendOutboxEntry(
  entry: OutboxEntry,
  options: { background: boolean; now?: () => number },
): Promise<SendResult> {
  const now = options.now ?? Date.now;
  try {
    const contract = await sendDraft(entry);
    await settleOutboxEntry(entry, contract.id, contract.draft_version);
    for (const listener of syncedListeners) {
      listener({ entry, contract, background: options.background });
    }
    return { ok: true, contract };
  } catch (error) {
    const outcome = sendOutcomeOf(error);
    const message = errorMessage(error, 'The draft could not be saved');
    if (triedAgain(outcome)) {
      const attempts = entry.attempts + 1;
      await markOutboxEntry(entry, {
        attempts,
        nextTryAt: now() + retryDelayMs(attempts),
        ...(entry.contractId === null && outcome === 'unreachable' ? { createTried: true } : {}),
      });
    } else if (outcome === 'conflict') {
      await markOutboxEntry(entry, { status: 'conflict', problem: message });
    } else if (outcome === 'refused') {
      await markOutboxEntry(entry, { status: 'refused', problem: message });
    }
    return { ok: false, outcome, message, error };
  }
}

let running: Promise<void> | null = null;

/**
 * Sends what is due, in order. It stops at the first draft that must wait (no connection, or one
 * not due yet), so a later draft never overtakes an earlier one. `force` ignores the waits: the
 * connection just came back, or the person opened the app. Two tabs take turns (a Web Lock),
 * so one never sends what the other just sent.
 */
export function syncOutbox(email: string, options: { force: boolean }): Promise<void> {
  running ??= withSyncLock(() => sendDue(email, options.force)).finally(() => {
    running = null;
  });
  return running;
}

async function sendDue(email: string, force: boolean): Promise<void> {
  for (const entry of await outboxEntries(email)) {
    if (entry.status !== 'waiting') continue;
    if (!force && entry.nextTryAt > Date.now()) return;
    const result = await sendOutboxEntry(entry, { background: true });
    // No connection, a server that cannot now, or a session ended: the next ones would fare the
    // same, and must not overtake this one.
    if (!result.ok && (triedAgain(result.outcome) || result.outcome === 'signed-out')) return;
  }
}

async function withSyncLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request('tradesign-draft-sync', work);
}

/** When the next waiting draft is due, or null when none waits. */
export async function nextDueAt(email: string): Promise<number | null> {
  const waiting = (await outboxEntries(email)).filter((entry) => entry.status === 'waiting');
  return waiting.length === 0 ? null : Math.min(...waiting.map((entry) => entry.nextTryAt));
}
