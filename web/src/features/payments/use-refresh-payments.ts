import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useRefreshContracts } from '../contracts/use-refresh-contracts';

/**
 * After a payment is asked for, recorded or undone: the contract's payments, and everything a
 * contract's change moves (its card's paid line and "Payment due", its timeline, when its client
 * may be emailed again).
 */
export function useRefreshPayments(): () => Promise<void> {
  const queryClient = useQueryClient();
  const refreshContracts = useRefreshContracts();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.payments.ofContract.pathFilter()),
      refreshContracts(),
    ]);
  };
}
