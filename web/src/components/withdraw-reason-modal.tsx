import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { VOID_REASON_MAX, voidInputSchema } from '@domain/follow-up.schemas';
import { errorMessage } from '../lib/errors';
import { StillWorking } from './still-working';

export interface WithdrawReasonModalProps {
  opened: boolean;
  /** What is withdrawn, as the dialog names it: "contract", "change order". */
  noun: string;
  /** Who is told, for the dialog's first line: "The client's", "Each signer's". */
  whose: string;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why a sent document is withdrawn: the reason is mailed to whoever was asked to sign it. A
 * failed call keeps the dialog and the reason typed, and says why.
 */
export function WithdrawReasonModal(props: WithdrawReasonModalProps) {
  const { opened, noun, whose, pending, error, onSubmit, onCancel } = props;
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(voidInputSchema, { sync: true }),
  });
  const length = form.values.reason.length;
  const failed = `The ${noun} was not withdrawn`;
  return (
    <Modal opened={opened} onClose={onCancel} title={`Withdraw this ${noun}?`} centered>
      <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.reason))}>
        <Stack>
          <Text size="sm">
            {whose} signing link stops working, and they are emailed the reason you give here.
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
          {error !== null && error !== undefined && (
            <Alert color="red" title={failed} role="alert">
              {errorMessage(error, 'Please try again')}
            </Alert>
          )}
          <StillWorking pending={pending} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={pending}>
              Withdraw {noun}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
