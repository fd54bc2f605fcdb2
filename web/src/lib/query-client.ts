import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app, apart from the tRPC client so the public pages (signing,
 * verification), which never call tRPC, do not download it.
 * No refetch interval, no refetch on focus, never stale, no retries.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
