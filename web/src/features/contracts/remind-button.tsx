import { namesOf } from '../signers/signer-words';
import { Button, Stack, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Contract } from '@domain/contracts.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { readableInstants } from './follow-up-format';
import { useRefreshContracts } from './use-refresh-contracts';

/**
 * Emails the client again now. Disabled while the client's email budget says wait (issue 33):
 * `waitHintId` names the sentence that says why and until when.
 */
export function RemindButton({
  contract,
  waitHintId,
}: {
  contract: Contract;
  waitHintId: string | null;
}) {
  const refresh = useRefreshContracts();
  const waiting = waitHintId !== null;
  const remind = useMutation(
    trpc.followUp.remind.mutationOptions({
      onSuccess: async (result) => {
        showToast({
          title: 'Reminder sent',
          // Whoever has not signed yet (issue 37): the client, or another of the signers.
          message: `${namesOf(result.to) ?? contract.client_name ?? 'The client'} ${result.to.length > 1 ? 'were' : 'was'} emailed reminder ${result.reminder} with a signing link`,
        });
        await refresh();
      },
      onError: async (error) => {
        showToast({
          title: 'The reminder was not sent',
          message: readableInstants(errorMessage(error, 'Please try again')),
          error: true,
        });
        // Too soon, or the contract moved on (signed, withdrawn): show where it stands now.
        await refresh();
      },
    }),
  );
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconBellRinging size={18} aria-hidden />}
        loading={remind.isPending}
        disabled={waiting}
        aria-describedby={waitHintId ?? undefined}
        onClick={() => remind.mutate({ id: contract.id })}
      >
        Send reminder
      </Button>
      <StillWorking pending={remind.isPending} />
      {remind.isError && !waiting && (
        <Text size="sm" c="red.8" role="alert">
          {readableInstants(errorMessage(remind.error, 'The reminder was not sent'))}
        </Text>
      )}
    </Stack>
  );
}
