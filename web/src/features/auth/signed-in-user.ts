import type { QueryClient } from '@tanstack/react-query';
import { isOnline } from '../../lib/connection';
import { restoreQueries } from '../../lib/persisted-queries';
import { currentUserQuery } from './use-current-user';

/**
 * Who is signed in, for the signed-in screens' guard. With a connection the server says, as it
 * always did. Without one (the browser says so, or the question got no answer) the phone's copy
 * of what the app last saw is put back and answers (issue 40): the installed app opens in a
 * basement on the contracts as last seen.
 */
export async function signedInUser(client: QueryClient) {
  if (!isOnline()) await restoreQueries(client);
  try {
    return await client.ensureQueryData(currentUserQuery());
  } catch (error) {
    // lib/trpc marks the app offline when a call gets no answer.
    if (!isOnline() && (await restoreQueries(client))) {
      const kept = client.getQueryData(currentUserQuery().queryKey);
      if (kept) return kept;
    }
    throw error;
  }
}
