import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';
import type { OutboxEntry } from './outbox-entry';

/**
 * The app's own storage on the phone (issue 40): drafts waiting to be sent, and what the app
 * last saw, so it opens without a connection. One database; its stores are versioned here.
 */
interface TradeSignDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { 'by-email': string } };
  'query-cache': { key: string; value: PersistedQueries };
}

/** The queries the app last saw, for the account that saw them. */
export interface PersistedQueries {
  slot: 'last';
  email: string;
  savedAt: number;
  state: DehydratedState;
}

let opening: Promise<IDBPDatabase<TradeSignDb> | null> | undefined;

/**
 * The database, or null where there is none: a browser without IndexedDB, or one that refuses
 * it (some private modes). Then the app works as before, online only.
 */
export function offlineDb(): Promise<IDBPDatabase<TradeSignDb> | null> {
  // A store that never opens (some browsers after a resume) must not hold the wizard: after
  // 2 s the app goes on as it did before issue 40, online only.
  opening ??= Promise.race([
    openTradeSignDb().catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), OPEN_WITHIN_MS)),
  ]);
  return opening;
}

const OPEN_WITHIN_MS = 2000;

async function openTradeSignDb(): Promise<IDBPDatabase<TradeSignDb> | null> {
  if (typeof indexedDB === 'undefined') return null;
  return openDB<TradeSignDb>('tradesign', 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'key' });
      outbox.createIndex('by-email', 'email');
      db.createObjectStore('query-cache', { keyPath: 'slot' });
    },
  });
}
