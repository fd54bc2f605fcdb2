import { Group, Stack, Text } from '@mantine/core';
import { canDo } from '@domain/contract-lifecycle';
import type { Contract } from '@domain/contracts.schemas';
import { CopyButton } from './copy-button';
import { ExtendLinkForm } from './extend-link-form';
import { RemindButton } from './remind-button';
import { ReviseButton } from './revise-button';
import { useClientEmailWait } from './use-client-email-wait';
import { WithdrawDialog } from './withdraw-dialog';

/** What the contractor may do now, as the lifecycle allows for the contract's status. */
export function ContractActions({ contract }: { contract: Contract }) {
  const { status } = contract;
  // One revision per contract: once made, the page links to it instead, and the old contract
  // takes no new link or reminder (the server refuses them too).
  const replaced = contract.revised_as !== null;
  const revise = canDo('revise', status) && !replaced;
  const remind = canDo('remind', status) && !replaced;
  const extend = canDo('extend', status) && !replaced;
  const wait = useClientEmailWait(contract.id, remind || extend);
  const waitHintId = `client-email-wait-${contract.id}`;
  // Copy is always there: any contract, in any status, can be quoted again.
  return (
    <Stack gap="sm" role="group" aria-label="Contract actions">
      {remind && <RemindButton contract={contract} waitHintId={wait ? waitHintId : null} />}
      {wait && (
        <Text size="sm" c="dimmed" id={waitHintId}>
          {wait.message}
        </Text>
      )}
      <Group gap="sm" align="flex-start">
        {extend && <ExtendLinkForm contract={contract} wait={wait} waitHintId={waitHintId} />}
        {revise && <ReviseButton contract={contract} />}
        <CopyButton contract={contract} />
        {canDo('void', status) && <WithdrawDialog contract={contract} />}
      </Group>
    </Stack>
  );
}
