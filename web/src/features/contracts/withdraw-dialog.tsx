import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconBan } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Contract } from '@domain/contracts.schemas';
import { VOID_REASON_MAX, voidInputSchema } from '@domain/follow-up.schemas';
import { StillWorking } from '../../components/still-working';
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
  const refresh = useRefreshContracts();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(voidInputSchema, { sync: true }),
  });
  const withdraw = useMutation(
    trpc.followUp.void.mutationOptions({
      onSuccess: async () => {
        showToast({
          title: 'Contract withdrawn',
          message: `${contract.client_name ?? 'The client'} was emailed that it is withdrawn`,
        });
        close();
        form.reset();
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
  const length = form.values.reason.length;
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
      <Modal opened={opened} onClose={dismiss} title="Withdraw this contract?" centered>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            withdraw.mutate({ id: contract.id, reason: values.reason }),
          )}
        >
          <Stack>
            <Text size="sm">
              The client&apos;s signing link stops working, and they are emailed the reason you give
              here.
            </Text>
            <Textarea
              label="Reason"
              placeholder="e.g., The price changed after the site visit"
              required
              autosize
              minRows={3}
              maxRows={8}
              data-autofocus
              description={`${length} / ${VOID_REASON_MAX} characters`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('reason')}
            />
            {withdraw.isError && (
              <Alert color="red" title="The contract was not withdrawn" role="alert">
                {errorMessage(withdraw.error, 'Please try again')}
              </Alert>
            )}
            <StillWorking pending={withdraw.isPending} />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss} disabled={withdraw.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={withdraw.isPending}>
                Withdraw contract
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
