import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * The sealed PDF of a signed contract: a download once it is ready, a note while it is made, and
 * when it failed, why, with a Retry (the client already has the HTML copy by then).
 */
export function ExecutedCopyPanel({ contractId }: { contractId: number }) {
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.documents.executedCopy.queryOptions({ id: contractId }),
    // While the PDF is being made, look again every few seconds: it takes a moment.
    refetchInterval: (query) => (query.state.data?.state === 'in_progress' ? 3000 : false),
  });
  const retry = useMutation(
    trpc.documents.retryExecutedCopy.mutationOptions({
      onSuccess: async () => {
        showToast({ title: 'Making the PDF again', message: 'Both parties get it by email' });
        await queryClient.invalidateQueries(trpc.documents.executedCopy.pathFilter());
        await queryClient.invalidateQueries(trpc.contracts.timeline.pathFilter());
      },
      onError: (error) =>
        showToast({
          title: 'Retry failed',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  if (!status.data) return null;
  const { state, error } = status.data;
  if (state === 'ready') {
    return (
      <Button
        component="a"
        href={`/api/contracts/${contractId}/executed.pdf`}
        download
        variant="light"
        mt="sm"
        leftSection={<IconDownload size={18} aria-hidden />}
      >
        Download executed copy (PDF)
      </Button>
    );
  }
  if (state === 'in_progress') {
    return (
      <Text size="sm" c="dimmed" mt="sm" role="status">
        The sealed PDF is being made{error ? ` (the last try failed: ${error})` : ''}.
      </Text>
    );
  }
  if (state === 'failed') {
    return (
      <Alert color="red" title="The sealed PDF could not be made" mt="sm" role="alert">
        <Text size="sm">
          {error ?? 'Unknown error'}. Both parties received the signed contract as an HTML copy
          instead.
        </Text>
        <Group mt="xs">
          <Button
            size="sm"
            variant="white"
            color="red"
            loading={retry.isPending}
            onClick={() => retry.mutate({ id: contractId })}
            leftSection={<IconRefresh size={16} aria-hidden />}
          >
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
