import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../src/trpc/app-router';
import { rejectUnreadableFailure } from './errors';
import { queryClient } from './query-client';

export { queryClient };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // An answer that is not tRPC's JSON (a proxy's 502 page, a crash) fails with the spec's
      // "status: body" message instead of a JSON parse error.
      fetch: async (url, init) => rejectUnreadableFailure(await fetch(url, init)),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type Trpc = typeof trpc;
