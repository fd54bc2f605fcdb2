import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { currentUserQuery } from './use-current-user';
import { showToast } from '../../lib/toast';
import { forgetQueries } from '../../lib/persisted-queries';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        // Nothing of the previous account may stay in memory for the next person on this phone.
        queryClient.clear();
        // Nor on the phone (issue 40); drafts not yet synced stay for this account's next sign-in.
        await forgetQueries().catch(() => undefined);
        queryClient.setQueryData(currentUserQuery().queryKey, { user: null });
        showToast({ title: 'Logged out successfully', message: 'See you next time' });
        await navigate({ to: '/login' });
      },
      onError: () => {
        showToast({ title: 'Logout failed', message: 'Please try again', error: true });
      },
    }),
  );
}
