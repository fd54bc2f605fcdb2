import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/**
 * The company's time zone (issue 31), the clock its screens print times on; null while it is not
 * set or not loaded yet.
 */
export function useCompanyTimeZone(): string | null {
  const prefs = useQuery(trpc.prefs.get.queryOptions());
  return prefs.data?.time_zone ?? null;
}
