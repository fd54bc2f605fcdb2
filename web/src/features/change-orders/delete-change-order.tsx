import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrder } from '@domain/change-orders.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Deletes a change order's draft, once the contractor confirms it. */
export function DeleteChangeOrder({ order }: { order: ChangeOrder }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const name = `Change Order ${order.number}`;
  const remove = useMutation(
    trpc.changeOrders.delete.mutationOptions({
      onSuccess: async () => {
        close();
        showToast({ title: 'Draft deleted', message: `${name} was deleted` });
        await queryClient.invalidateQueries(
          trpc.changeOrders.list.queryFilter({ contractId: order.contract_id }),
        );
      },
      onError: (error) =>
        showToast({
          title: 'The draft was not deleted',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <>
      <Button
        variant="default"
        c="red.8"
        leftSection={<IconTrash size={16} aria-hidden />}
        aria-label={`Delete ${name}`}
        onClick={open}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={() => !remove.isPending && close()} title={`Delete ${name}?`}>
        <Stack>
          <Text>The draft is deleted for good. The contract does not change.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate({ id: order.id })}
            >
              Delete draft
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
