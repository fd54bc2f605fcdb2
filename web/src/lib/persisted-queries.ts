import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { offlineDb } from './offline-db';

/**
 * What the app keeps of its last answers on the phone, so it opens without a connection and
 * shows what it last saw (issue 40): who is signed in, the contracts list, each draft opened,
 * and what the wizard's preview needs. Only these; never a signing link or a key.
 */
const PERSISTED_CALLS = new Set([
  'auth.user',
  'contracts.counts',
  'contracts.page',
  'contracts.get',
  'team.get',
  'prefs.get',
  'payments.settings',
  'acceptances.status',
  'templates.default',
]);

/** tRPC's query keys start with the call's path: `[['contracts', 'page'], {input, type}]`. */
export function callOf(queryKey: readonly unknown[]): string | null {
  const path = queryKey[0];
  return Array.isArray(path) && path.every((part) => typeof part === 'string')
    ? path.join('.')
    : null;
}

export function isPersisted(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const call = callOf(query.queryKey);
  return query.state.status === 'success' && call !== null && PERSISTED_CALLS.has(call);
}

/** The signed-in person's email in the cache, or null when nobody is (or not yet known). */
function signedInEmail(client: QueryClient): string | null | undefined {
  const answer = client.getQueryData<{ user: { email: string } | null }>([
    ['auth', 'user'],
    { type: 'query' },
  ]);
  if (answer === undefined) return undefined;
  return answer.user?.email ?? null;
}

/**
 * Puts back what the app last saw, when the app opens without a connection (the sign-in guard
 * asks, features/auth/signed-in-user.ts). Only then: with a connection every screen reads the
 * server, so no form ever starts from an older copy. Every restored answer is marked stale, so
 * the connection's return refreshes it. Gives up after `withinMs`: a slow or broken store must
 * never hold the app. Once per page; says whether anything came back.
 */
export function restoreQueries(client: QueryClient, withinMs = 400): Promise<boolean> {
  restoring ??= restoreNow(client, withinMs);
  return restoring;
}

let restoring: Promise<boolean> | undefined;

async function restoreNow(client: QueryClient, withinMs: number): Promise<boolean> {
  const read = (async () => {
    const db = await offlineDb();
    return db ? db.get('query-cache', 'last') : undefined;
  })().catch(() => undefined);
  const saved = await Promise.race([
    read,
    new Promise<undefined>((resolve) => setTimeout(resolve, withinMs)),
  ]);
  if (!saved) return false;
  // Answers already in memory are newer and stay (hydrate keeps the newer of the two).
  hydrate(client, saved.state);
  await client.invalidateQueries({ refetchType: 'none' });
  return true;
}

/**
 * Keeps the phone's copy in step with the cache, at most once a second. Signed out (or another
 * person signed in), the copy is dropped or replaced: a shared tablet shows nobody's contracts
 * to the next person.
 */
export function keepQueries(client: QueryClient, everyMs = 1000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    timer = undefined;
    const email = signedInEmail(client);
    if (email === undefined) return;
    const db = await offlineDb();
    if (!db) return;
    if (email === null) {
      await db.delete('query-cache', 'last');
      return;
    }
    const state = dehydrate(client, { shouldDehydrateQuery: isPersisted });
    await db.put('query-cache', { slot: 'last', email, savedAt: Date.now(), state });
  };
  let email = signedInEmail(client);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    const query: Pick<Query, 'queryKey'> = event.query;
    if (callOf(query.queryKey) === 'auth.user') forgetOtherAccounts();
    timer ??= setTimeout(() => void write().catch(() => undefined), everyMs);
  });
  // The session ended or someone else signed in on this page: nothing the last person saw stays
  // in memory, to be shown or kept under the next one's name (the keys carry no account).
  function forgetOtherAccounts() {
    const now = signedInEmail(client);
    if (now === undefined || now === email) return;
    const before = email;
    email = now;
    if (before === undefined) return;
    client.removeQueries({ predicate: (query) => callOf(query.queryKey) !== 'auth.user' });
  }
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** Drops the phone's copy now (signing out). */
export async function forgetQueries(): Promise<void> {
  const db = await offlineDb();
  await db?.delete('query-cache', 'last');
}
