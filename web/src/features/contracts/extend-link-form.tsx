import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Contract } from '@domain/contracts.schemas';
import { extendInputSchema } from '@domain/follow-up.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { formatDate } from './follow-up-format';
import { useRefreshContracts } from './use-refresh-contracts';

export const DEFAULT_LINK_DAYS = 14;

/** Emails the client a fresh signing link that works for the days chosen (1 to 90). */
export function ExtendLinkForm({ contract }: { contract: Contract }) {
  const [opened, { open, close }] = useDisclosure(false);
  const refresh = useRefreshContracts();
  const form = useForm<{ days: number | string }>({
    mode: 'controlled',
    initialValues: { days: DEFAULT_LINK_DAYS },
    validate: schemaResolver(extendInputSchema, { sync: true }),
  });
  const extend = useMutation(
    trpc.followUp.extend.mutationOptions({
      onSuccess: async (result) => {
        showToast({
          title: 'New link sent',
          message: `The client's link now works until ${formatDate(result.expires_at)}`,
        });
        close();
        form.reset();
        await refresh();
      },
      onError: (error) =>
        showToast({
          title: 'The new link was not sent',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const dismiss = () => {
    if (extend.isPending) return;
    extend.reset();
    close();
  };
  return (
    <>
      <Button variant="default" leftSection={<IconLink size={18} aria-hidden />} onClick={open}>
        Send a new link
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Send a new link" centered>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            extend.mutate({ id: contract.id, days: Number(values.days) }),
          )}
        >
          <Stack>
            <Text size="sm">
              {contract.client_name ?? 'The client'} gets an email with a new signing link.
            </Text>
            <NumberInput
              label="The link works for (days)"
              description="From 1 to 90 days"
              min={1}
              max={90}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputMode="numeric"
              data-autofocus
              {...form.getInputProps('days')}
            />
            {extend.isError && (
              <Alert color="red" title="The new link was not sent" role="alert">
                {errorMessage(extend.error, 'Please try again')}
              </Alert>
            )}
            <StillWorking pending={extend.isPending} />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss} disabled={extend.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={extend.isPending}>
                Send new link
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
