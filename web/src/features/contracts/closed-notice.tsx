import { Alert, Blockquote, Text } from '@mantine/core';
import type { Contract } from '@domain/contracts.schemas';
import { formatDate } from './follow-up-format';

/** Why a declined or withdrawn contract is closed, and when, in the words given. */
export function ClosedNotice({ contract }: { contract: Contract }) {
  const { status, closed_at: closedAt, closed_reason: reason } = contract;
  if (status !== 'declined' && status !== 'voided') return null;
  const on = closedAt ? ` on ${formatDate(closedAt)}` : '';
  const title =
    status === 'declined'
      ? `${contract.client_name ?? 'The client'} declined this contract${on}`
      : `You withdrew this contract${on}`;
  return (
    <Alert color={status === 'declined' ? 'red' : 'gray'} title={title}>
      {reason ? (
        <Blockquote
          color={status === 'declined' ? 'red' : 'gray'}
          p="xs"
          mt={4}
          style={{ overflowWrap: 'anywhere' }}
        >
          “{reason}”
        </Blockquote>
      ) : (
        <Text size="sm">No reason was given.</Text>
      )}
    </Alert>
  );
}
