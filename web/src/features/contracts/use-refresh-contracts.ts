import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/**
 * After an action on a contract: its page, its timeline, the counts and every section's cards
 * load again, so each screen shows the new state (a revision also changes the original).
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
    ]);
  };
}
