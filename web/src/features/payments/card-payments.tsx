import { Text } from '@mantine/core';
import type { ContractSummary } from '@domain/contracts.schemas';
import { formatMonthDay } from '../contracts/follow-up-format';
import { paidOfText } from './stage-words';

/** A card's payments (issue 36): what is paid of the total, and since when a payment is due. */
export function CardPayments({ contract }: { contract: ContractSummary }) {
  const paid = paidOfText(contract.paid_cents, contract.total_price_cents);
  return (
    <>
      {paid && (
        <Text size="sm" c="green.9">
          {paid}
        </Text>
      )}
      {contract.payment_due_at && (
        <Text size="sm" c="orange.9">
          Payment due since {formatMonthDay(contract.payment_due_at)}
        </Text>
      )}
    </>
  );
}
