import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Contract } from '@domain/contracts.schemas';
import { formatUsd } from '@domain/money';
import type { StagePayment } from '@domain/stage-payments.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { readableInstants } from '../contracts/follow-up-format';
import { useRefreshPayments } from './use-refresh-payments';

/**
 * Emails the client a link to pay the stage. Disabled while the client's email budget says wait
 * (issue 33), as Send reminder is: `waitHintId` names the sentence that says why and until when.
 */
export function RequestPaymentButton({
  contract,
  index,
  stage,
  waitHintId,
  icon,
}: {
  contract: Contract;
  index: number;
  stage: StagePayment;
  waitHintId: string | null;
  icon: ReactNode;
}) {
  const refresh = useRefreshPayments();
  const waiting = waitHintId !== null;
  const client = contract.client_name ?? 'The client';
  const request = useMutation(
    trpc.payments.request.mutationOptions({
      onSuccess: async () => {
        showToast({
          title: 'Payment requested',
          message: `${client} was emailed a link to pay ${formatUsd(stage.amount_cents)} for ${stage.label}`,
        });
        await refresh();
      },
      onError: async (error) => {
        showToast({
          title: 'The payment request was not sent',
          message: readableInstants(errorMessage(error, 'Please try again')),
          error: true,
        });
        // Too soon, or paid meanwhile: show where it stands now.
        await refresh();
      },
    }),
  );
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={icon}
        loading={request.isPending}
        disabled={waiting}
        aria-describedby={waitHintId ?? undefined}
        aria-label={`Request payment for ${stage.label}`}
        onClick={() => request.mutate({ id: contract.id, stage: index })}
      >
        Request payment
      </Button>
      <StillWorking pending={request.isPending} />
      {request.isError && !waiting && (
        <Text size="sm" c="red.8" role="alert">
          {readableInstants(errorMessage(request.error, 'The payment request was not sent'))}
        </Text>
      )}
    </Stack>
  );
}
