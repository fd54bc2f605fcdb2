import { queryOptions, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../src/app/app-router';

type SignupStatusAnswer = inferRouterOutputs<AppRouter>['auth']['signupStatus'];

/**
 * Whether this server takes sign-ups (tRPC `auth.signupStatus`, SIGNUP_MODE): the sign-up page
 * shows its form or says why not, and the sign-in page offers "Create an account" only when it
 * does. Like currentUserQuery, it imports the tRPC client when it first runs, so the route's
 * loader does not pull it into the app's entry.
 */
export const signupStatusQuery = () =>
  queryOptions({
    queryKey: [['auth', 'signupStatus'], { type: 'query' }] as const,
    queryFn: async (): Promise<SignupStatusAnswer> => {
      const { trpcClient } = await import('../../lib/trpc');
      return trpcClient.auth.signupStatus.query();
    },
    staleTime: 60 * 1000,
  });

export function useSignupStatus() {
  return useQuery(signupStatusQuery());
}
