import { Stack, Text } from '@mantine/core';
import type { Contract } from '@domain/contracts.schemas';
import { expiryText, formatDate, formatDateTime } from './follow-up-format';

/** A sent or expired contract's link, reminders so far and the next automatic one. */
export function FollowUpStatus({ contract }: { contract: Contract }) {
  const { status } = contract;
  if (status !== 'sent' && status !== 'expired') return null;
  const expiry = expiryText(status, contract.expires_at);
  return (
    <Stack gap={2}>
      {expiry && (
        <Text fw={600} c={status === 'expired' ? 'orange.9' : undefined}>
          {expiry}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {contract.last_reminder_at
          ? `Last reminder ${formatDateTime(contract.last_reminder_at)}`
          : 'No reminder sent yet'}
      </Text>
      {status === 'sent' && (
        <Text size="sm" c="dimmed">
          {contract.next_reminder_at
            ? `Next automatic reminder ${formatDate(contract.next_reminder_at)}`
            : 'No automatic reminder is scheduled'}
        </Text>
      )}
      {status === 'expired' && (
        <Text size="sm">Send a new link to let the client sign, or revise the contract.</Text>
      )}
    </Stack>
  );
}
