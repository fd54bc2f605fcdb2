import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Contract } from '@domain/contracts.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useRefreshContracts } from './use-refresh-contracts';

const WITHDRAWS_SENT =
  "Revising withdraws the contract you sent: the client's link stops working and they are emailed that it is being replaced.";

/**
 * A new draft with the same client, scope, price and plan, opened in the wizard. A sent
 * contract is withdrawn by it, so that is asked first.
 */
export function ReviseButton({ contract }: { contract: Contract }) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const refresh = useRefreshContracts();
  const revise = useMutation(
    trpc.followUp.revise.mutationOptions({
      onSuccess: async ({ id }) => {
        showToast({
          title: 'Revision created',
          message: `Contract #${id} is a draft: change it, then sign and send it`,
        });
        close();
        await refresh();
        await navigate({ to: '/wizard', search: { id } });
      },
      onError: (error) =>
        showToast({
          title: 'No revision was made',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const start = () => revise.mutate({ id: contract.id });
  const asksFirst = contract.status === 'sent';
  const dismiss = () => {
    if (revise.isPending) return;
    revise.reset();
    close();
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPencil size={18} aria-hidden />}
        loading={!asksFirst && revise.isPending}
        onClick={asksFirst ? open : start}
      >
        Revise
      </Button>
      {!asksFirst && <StillWorking pending={revise.isPending} />}
      {!asksFirst && revise.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(revise.error, 'No revision was made')}
        </Text>
      )}
      <Modal opened={opened} onClose={dismiss} title="Revise this contract?" centered>
        <Stack>
          <Text size="sm">{WITHDRAWS_SENT}</Text>
          {revise.isError && (
            <Alert color="red" title="No revision was made" role="alert">
              {errorMessage(revise.error, 'Please try again')}
            </Alert>
          )}
          <StillWorking pending={revise.isPending} />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={revise.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={revise.isPending} onClick={start}>
              Withdraw and revise
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
