import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { currentUserQuery } from './use-current-user';

/** Sign-in and sign-up are pointless when already signed in: go home instead. */
export async function redirectWhenSignedIn(queryClient: QueryClient): Promise<void> {
  const { user } = await queryClient.ensureQueryData(currentUserQuery());
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect idiom
  if (user) throw redirect({ to: '/', replace: true });
}
