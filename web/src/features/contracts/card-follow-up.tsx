import { Text } from '@mantine/core';
import type { ContractSummary } from '@domain/contracts.schemas';
import { expiryText, formatMonthDay, openingsText } from './follow-up-format';

/** A sent or expired card's follow-up: when its link runs out, the last reminder, openings. */
export function CardFollowUp({ contract }: { contract: ContractSummary }) {
  if (contract.status !== 'sent' && contract.status !== 'expired') return null;
  const expiry = expiryText(contract.status, contract.expires_at);
  return (
    <>
      {expiry && (
        <Text size="sm" c={contract.status === 'expired' ? 'orange.9' : undefined}>
          {expiry}
        </Text>
      )}
      {contract.last_reminder_at && (
        <Text size="sm" c="dimmed">
          Last reminder {formatMonthDay(contract.last_reminder_at)}
        </Text>
      )}
      {contract.views && (
        <Text size="sm" c="dimmed">
          {openingsText(contract.views)}
        </Text>
      )}
    </>
  );
}
