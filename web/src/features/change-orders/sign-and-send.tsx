import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeOrder } from '@domain/change-orders.schemas';
import { SignatureField } from '../../components/signature-pad/signature-field';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * The contractor signs a saved draft, then it is sent to every signer of the contract (issue 38).
 * The calls themselves (`changeOrders.signMine`, then `changeOrders.send`) are the caller's, so
 * this screen stands before they exist: without `onSignAndSend` nothing is shown.
 */
export type SignAndSend = (order: ChangeOrder, signature: string) => Promise<void>;

export function SignAndSendChangeOrder(props: {
  order: ChangeOrder;
  onSignAndSend: SignAndSend;
  /** The draft as shown differs from what was saved: it must be saved first. */
  unsaved: boolean;
}) {
  const { order } = props;
  const [signature, setSignature] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (png: string) => props.onSignAndSend(order, png),
    onSuccess: async () => {
      showToast({
        title: 'Change order sent',
        message: `Change Order ${order.number} was emailed to be signed`,
      });
      // The draft is now sent: its page shows it as sent, the contract's list its new status.
      await queryClient.invalidateQueries(trpc.changeOrders.pathFilter());
    },
  });
  const blocked = order.problem !== null || props.unsaved;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sign-and-send-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="sign-and-send-title">
          Sign &amp; Send
        </Title>
        <Text size="sm" c="dimmed">
          Everyone who signed the contract is emailed Change Order {order.number} to sign.
        </Text>
        {props.unsaved && (
          <Text size="sm">Save the draft first: what is sent is what is saved.</Text>
        )}
        <SignatureField
          label="Your Signature"
          hint="Sign here"
          value={signature}
          onChange={setSignature}
          disabled={send.isPending}
        />
        {send.isError && (
          <Alert color="red" title="The change order was not sent" role="alert">
            {errorMessage(send.error, 'Please try again')}
          </Alert>
        )}
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          disabled={blocked || signature === null}
          loading={send.isPending}
          onClick={() => signature && send.mutate(signature)}
        >
          Sign &amp; Send Change Order {order.number}
        </Button>
      </Stack>
    </Paper>
  );
}
