import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrder } from '@domain/change-orders.schemas';
import { WithdrawReasonModal } from '../../components/withdraw-reason-modal';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * Withdraws a sent (or expired) change order: every signer's link stops working and each signer
 * who was sent one is emailed the reason. The contract stays as it was signed.
 */
export function WithdrawChangeOrder({ order }: { order: ChangeOrder }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const name = `Change Order ${order.number}`;
  const withdraw = useMutation(
    trpc.changeOrders.void.mutationOptions({
      onSuccess: async () => {
        close();
        showToast({
          title: 'Change order withdrawn',
          message: `Each signer was emailed that ${name} is withdrawn`,
        });
        await queryClient.invalidateQueries(
          trpc.changeOrders.list.queryFilter({ contractId: order.contract_id }),
        );
      },
      onError: (error) =>
        showToast({
          title: 'The change order was not withdrawn',
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
        c="red.8"
        leftSection={<IconBan size={16} aria-hidden />}
        aria-label={`Withdraw ${name}`}
        onClick={open}
      >
        Withdraw
      </Button>
      <WithdrawReasonModal
        opened={opened}
        noun="change order"
        whose="Each signer's"
        pending={withdraw.isPending}
        error={withdraw.error}
        onSubmit={(reason) => withdraw.mutate({ id: order.id, reason })}
        onCancel={dismiss}
      />
    </>
  );
}
