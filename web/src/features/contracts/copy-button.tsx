import { Button, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Contract } from '@domain/contracts.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useRefreshContracts } from './use-refresh-contracts';

/**
 * "Copy": a new draft with the same client, scope, price and stages, opened in the wizard, for
 * quoting the same job again. Nothing happens to this contract, so nothing is asked first.
 */
export function CopyButton({ contract }: { contract: Contract }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = useRefreshContracts();
  const copy = useMutation(
    trpc.contracts.copy.mutationOptions({
      onSuccess: async ({ id }) => {
        showToast({
          title: 'Copy created',
          message: `Contract #${id} is a new draft copied from Contract #${contract.id}`,
        });
        await Promise.all([
          refresh(),
          queryClient.invalidateQueries(trpc.contracts.search.pathFilter()),
        ]);
        await navigate({ to: '/wizard', search: { id } });
      },
      onError: (error) =>
        showToast({
          title: 'No copy was made',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCopy size={18} aria-hidden />}
        loading={copy.isPending}
        onClick={() => copy.mutate({ id: contract.id })}
      >
        Copy
      </Button>
      <StillWorking pending={copy.isPending} />
      {copy.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(copy.error, 'No copy was made')}
        </Text>
      )}
    </>
  );
}
