import { Group, Stack } from '@mantine/core';
import { canDo } from '@domain/contract-lifecycle';
import type { Contract } from '@domain/contracts.schemas';
import { ExtendLinkForm } from './extend-link-form';
import { RemindButton } from './remind-button';
import { ReviseButton } from './revise-button';
import { WithdrawDialog } from './withdraw-dialog';

/** What the contractor may do now, as the lifecycle allows for the contract's status. */
export function ContractActions({ contract }: { contract: Contract }) {
  const { status } = contract;
  // One revision per contract: once made, the page links to it instead.
  const revise = canDo('revise', status) && contract.revised_as === null;
  if (!canDo('remind', status) && !canDo('extend', status) && !canDo('void', status) && !revise) {
    return null;
  }
  return (
    <Stack gap="sm" role="group" aria-label="Contract actions">
      {canDo('remind', status) && <RemindButton contract={contract} />}
      <Group gap="sm" align="flex-start">
        {canDo('extend', status) && <ExtendLinkForm contract={contract} />}
        {revise && <ReviseButton contract={contract} />}
        {canDo('void', status) && <WithdrawDialog contract={contract} />}
      </Group>
    </Stack>
  );
}
