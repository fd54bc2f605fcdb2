import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/** Spec section 9: the user query goes stale after 5 minutes and is never retried. */
export const currentUserQuery = () =>
  trpc.auth.user.queryOptions(undefined, { staleTime: 5 * 60 * 1000, retry: false });

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQuery(), enabled: options.enabled ?? true });
}
