import { Alert, Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { Contract } from '@domain/contracts.schemas';
import { formatUsd } from '@domain/money';
import type { RecordedPaymentMethod } from '@domain/payments';
import {
  RECORD_NOTE_MAX,
  recordPaymentInputSchema,
  type StagePayment,
} from '@domain/stage-payments.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { METHOD_WORDS } from './stage-words';
import { useRefreshPayments } from './use-refresh-payments';

/** Today on this device's calendar, as a date field holds it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface Values {
  method: RecordedPaymentMethod | '';
  paid_at: string;
  note: string;
}

/**
 * Money the contractor took by hand for one stage (issue 36): how, which day, a note. The client
 * is emailed a receipt; the record can be undone for a day. A failed save keeps what was typed.
 */
export function RecordPaymentForm({
  contract,
  index,
  stage,
  onDone,
}: {
  contract: Contract;
  index: number;
  stage: StagePayment;
  onDone: () => void;
}) {
  const refresh = useRefreshPayments();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { method: '', paid_at: today(), note: '' },
    validate: schemaResolver(recordPaymentInputSchema, { sync: true }),
  });
  const record = useMutation(
    trpc.payments.record.mutationOptions({
      onSuccess: async (_answer, input) => {
        showToast({
          title: 'Payment recorded',
          message: `${formatUsd(stage.amount_cents)} for ${stage.label}, paid by ${METHOD_WORDS[input.method]}. ${contract.client_name ?? 'The client'} is emailed a receipt.`,
        });
        onDone();
        await refresh();
      },
      // A teammate's record or an online payment came first: show where it stands now.
      onError: () => refresh(),
    }),
  );
  const labelId = `record-${contract.id}-${index}`;
  return (
    <form
      noValidate
      aria-labelledby={labelId}
      onSubmit={form.onSubmit((values) => {
        if (values.method === '') return;
        record.mutate({
          id: contract.id,
          stage: index,
          method: values.method,
          paid_at: values.paid_at,
          ...(values.note.trim() ? { note: values.note } : {}),
        });
      })}
    >
      <Stack gap="sm">
        <Text fw={600} id={labelId}>
          Record a payment of {formatUsd(stage.amount_cents)} for {stage.label}
        </Text>
        <Radio.Group label="How was it paid?" withAsterisk {...form.getInputProps('method')}>
          <Group gap="md" mt={6}>
            <Radio value="cash" label="Cash" data-autofocus />
            <Radio value="check" label="Check" />
            <Radio value="other" label="Other" />
          </Group>
        </Radio.Group>
        <TextInput
          type="date"
          label="Day it was paid"
          withAsterisk
          max={today()}
          {...form.getInputProps('paid_at')}
        />
        <Textarea
          label="Note"
          description="Optional: a check number, who paid"
          autosize
          minRows={2}
          maxLength={RECORD_NOTE_MAX}
          {...form.getInputProps('note')}
        />
        {record.isError && (
          <Alert color="red" title="The payment was not recorded" role="alert">
            {errorMessage(record.error, 'Please try again')}
          </Alert>
        )}
        <StillWorking pending={record.isPending} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Save payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
