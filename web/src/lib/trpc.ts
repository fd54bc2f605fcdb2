import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../src/app/app-router';
import { answered, noAnswer } from './connection';
import { fetchWithDeadline, trpcDeadlineMs } from './deadline';
import { DeadlineError } from './failure';
import { rejectUnreadableFailure } from './errors';
import { queryClient } from './query-client';

export { queryClient };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // Every call has a deadline (a hanging request fails with "taking too long" instead of
      // spinning forever), and an answer that is not tRPC's JSON (a proxy's 502 page, a crash)
      // fails as an HttpError, described by its status, instead of a JSON parse error.
      fetch: async (url, init) => {
        const address = typeof url === 'string' ? url : 'href' in url ? url.href : url.url;
        let response: Response;
        try {
          response = await fetchWithDeadline(url, init, trpcDeadlineMs(address));
        } catch (error) {
          // No answer at all: the app is offline until one comes (lib/connection.ts).
          if (error instanceof TypeError || error instanceof DeadlineError) noAnswer();
          throw error;
        }
        answered();
        return rejectUnreadableFailure(response);
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type Trpc = typeof trpc;
