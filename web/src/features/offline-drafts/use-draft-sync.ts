import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isOnline } from '../../lib/connection';
import { showToast } from '../../lib/toast';
import { whenSettled } from '../../lib/when-settled';
import { trpc } from '../../lib/trpc';
import { onOutboxChange } from './outbox';
import { nextDueAt, onDraftSynced, syncOutbox } from './sync';

/**
 * While someone is signed in: drafts saved on this phone are sent when the app opens, when the
 * connection returns, when the app comes back to the front, and on their retry schedule; and
 * what the wizard needs offline is fetched while there is a connection (issue 40).
 */
export function useDraftSync(email: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // The next try of the first waiting draft, after every change of the outbox (a save that
    // stayed on the phone, a try that failed).
    const schedule = () =>
      void nextDueAt(email)
        .then((dueAt) => {
          if (timer) clearTimeout(timer);
          timer = undefined;
          if (stopped || dueAt === null) return;
          timer = setTimeout(() => run(false), Math.max(1000, dueAt - Date.now()));
        })
        .catch(() => undefined);
    const run = (force: boolean) => {
      void syncOutbox(email, { force }).then(schedule, schedule);
    };
    const stopScheduling = onOutboxChange(schedule);
    let cancelKeeping: (() => void) | undefined;
    const whenOnline = () => {
      run(true);
      // Ahead of need: after the screen in front of the person has what it asked for.
      cancelKeeping?.();
      cancelKeeping = whenSettled(() => keepReadyForOffline(queryClient));
    };
    const whenVisible = () => {
      if (document.visibilityState === 'visible' && isOnline()) run(true);
    };
    const stopListening = onDraftSynced(({ contract, background }) => {
      void queryClient.invalidateQueries(trpc.contracts.pathFilter());
      if (background) {
        showToast({
          title: 'Draft synced',
          message: `Contract #${contract.id} is saved to your account`,
        });
      }
    });
    // Online again: the browser says so, or a call or probe was answered (lib/connection.ts).
    const stopFollowing = onlineManager.subscribe((online) => {
      if (online) whenOnline();
    });
    document.addEventListener('visibilitychange', whenVisible);
    if (isOnline()) whenOnline();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      cancelKeeping?.();
      stopListening();
      stopScheduling();
      stopFollowing();
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [email, queryClient]);
}

/** What the wizard reads up to its preview, fetched once so the phone has it offline. */
function keepReadyForOffline(queryClient: QueryClient): void {
  const quietly = (read: Promise<void>) => void read.catch(() => undefined);
  quietly(queryClient.prefetchQuery(trpc.templates.default.queryOptions({ language: 'en' })));
  quietly(queryClient.prefetchQuery(trpc.templates.default.queryOptions({ language: 'es' })));
  quietly(queryClient.prefetchQuery(trpc.prefs.get.queryOptions()));
  quietly(queryClient.prefetchQuery(trpc.acceptances.status.queryOptions()));
  quietly(queryClient.prefetchQuery(trpc.payments.settings.queryOptions()));
}
