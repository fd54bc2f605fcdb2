import { Button, Card, Text } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Shown while the account has no copy of the shipped Standard Contract: brings it back. */
export function AddStandardContract() {
  const queryClient = useQueryClient();
  const add = useMutation(
    trpc.templates.addStandard.mutationOptions({
      onSuccess: async (added) => {
        await queryClient.invalidateQueries(trpc.templates.pathFilter());
        showToast({ title: 'Template created', message: added.name });
      },
      onError: (error) =>
        showToast({
          title: 'Failed to save template',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <Card withBorder padding="md" component="section" aria-label="The Standard Contract">
      <Text fw={600}>The Standard Contract</Text>
      <Text size="sm" c="dimmed" mt={4}>
        TradeSign’s professionally written home improvement contract, ready to send.
      </Text>
      <Button
        mt="sm"
        variant="light"
        leftSection={<IconFilePlus size={18} aria-hidden />}
        loading={add.isPending}
        onClick={() => add.mutate()}
      >
        Add the Standard Contract
      </Button>
    </Card>
  );
}
