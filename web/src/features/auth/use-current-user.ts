import { queryOptions, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../src/app/app-router';

type CurrentUserAnswer = inferRouterOutputs<AppRouter>['auth']['user'];

/**
 * Who is signed in (tRPC `auth.user`). The tRPC client is imported when the query first runs, not
 * with the app's entry: the header and bottom navigation ask on every page but the signing page,
 * and the public pages must not wait for code they never use. The key is the one
 * `trpc.auth.user.queryKey()` gives, so tRPC-based cache calls reach this entry too.
 * The user query goes stale after 5 minutes and is never retried.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: [['auth', 'user'], { type: 'query' }] as const,
    queryFn: async (): Promise<CurrentUserAnswer> => {
      const { trpcClient } = await import('../../lib/trpc');
      return trpcClient.auth.user.query();
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQuery(), enabled: options.enabled ?? true });
}
