import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Contract } from '@domain/contracts.schemas';
import { WithdrawReasonModal } from '../../components/withdraw-reason-modal';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useRefreshContracts } from './use-refresh-contracts';

/**
 * Withdraws (voids) a sent or expired contract: its links stop working and the client is
 * emailed the reason. A failed call keeps the dialog and the reason typed.
 */
export function WithdrawDialog({ contract }: { contract: Contract }) {
  const [opened, { open, close }] = useDisclosure(false);
  // A new form after each withdrawal: the next dialog starts empty.
  const [formKey, setFormKey] = useState(0);
  const refresh = useRefreshContracts();
  const withdraw = useMutation(
    trpc.followUp.void.mutationOptions({
      onSuccess: async () => {
        showToast({
          title: 'Contract withdrawn',
          message: `${contract.client_name ?? 'The client'} was emailed that it is withdrawn`,
        });
        close();
        setFormKey((key) => key + 1);
        await refresh();
      },
      onError: (error) =>
        showToast({
          title: 'The contract was not withdrawn',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const dismiss = () => {
    if (withdraw.isPending) return;
    withdraw.reset();
    close();
  };
  return (
    <>
      <Button
        variant="default"
        color="red"
        c="red.8"
        leftSection={<IconBan size={18} aria-hidden />}
        onClick={open}
      >
        Withdraw
      </Button>
      <WithdrawReasonModal
        key={formKey}
        opened={opened}
        noun="contract"
        whose="The client's"
        pending={withdraw.isPending}
        error={withdraw.error}
        onSubmit={(reason) => withdraw.mutate({ id: contract.id, reason })}
        onCancel={dismiss}
      />
    </>
  );
}
