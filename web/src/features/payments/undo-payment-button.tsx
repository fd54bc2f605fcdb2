import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Contract } from '@domain/contracts.schemas';
import type { StagePayment } from '@domain/stage-payments.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { formatClock, formatDate } from '../contracts/follow-up-format';
import { useRefreshPayments } from './use-refresh-payments';

/** Takes back a payment recorded by hand, within a day of recording it. */
export function UndoPaymentButton({
  contract,
  index,
  stage,
}: {
  contract: Contract;
  index: number;
  stage: StagePayment;
}) {
  const refresh = useRefreshPayments();
  const undo = useMutation(
    trpc.payments.undo.mutationOptions({
      onSuccess: async () => {
        showToast({
          title: 'Payment undone',
          message: `${stage.label} is unpaid again. The timeline keeps both entries.`,
        });
        await refresh();
      },
      onError: async (error) => {
        showToast({
          title: 'The payment was not undone',
          message: errorMessage(error, 'Please try again'),
          error: true,
        });
        await refresh();
      },
    }),
  );
  const until = stage.can_undo_until;
  return (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      loading={undo.isPending}
      onClick={() => undo.mutate({ id: contract.id, stage: index })}
      aria-label={`Undo the payment recorded for ${stage.label}`}
      title={until ? `Possible until ${formatDate(until)}, ${formatClock(until)}` : undefined}
    >
      Undo
    </Button>
  );
}
