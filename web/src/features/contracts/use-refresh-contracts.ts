import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/**
 * After an action on a contract: its page, its timeline, the counts, every section's cards and
 * when its client may be emailed again load again, so each screen shows the new state (a revision also changes the original).
 */
export function useRefreshContracts(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.contracts.get.pathFilter()),
      queryClient.invalidateQueries(trpc.contracts.timeline.pathFilter()),
      queryClient.invalidateQueries(trpc.contracts.counts.pathFilter()),
      queryClient.invalidateQueries(trpc.contracts.page.pathFilter()),
      queryClient.invalidateQueries(trpc.contracts.list.pathFilter()),
      queryClient.invalidateQueries(trpc.contracts.search.pathFilter()),
      // When the client may be emailed again (issue 33): every email moves it.
      queryClient.invalidateQueries(trpc.followUp.nextClientEmail.pathFilter()),
    ]);
  };
}
