import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/**
 * Whether the contractor still has to accept the legal acknowledgment: true only once the server
 * has said so, so no reminder flashes while the status loads.
 */
export function useAcknowledgmentMissing(): boolean {
  const status = useQuery(trpc.acceptances.status.queryOptions());
  return status.data?.accepted === false;
}
