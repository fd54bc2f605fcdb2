import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ChangeOrder } from '@domain/change-orders.schemas';
import { SignatureField } from '../../components/signature-pad/signature-field';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * The contractor signs a saved draft (`changeOrders.signMine`), then it is sent to every signer
 * of the contract (`changeOrders.send`), as a contract's Sign & Send does (issue 38).
 */
export function SignAndSendChangeOrder(props: {
  order: ChangeOrder;
  /** The draft as shown differs from what was saved: it must be saved first. */
  unsaved: boolean;
}) {
  const { order } = props;
  const [signature, setSignature] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signMine = useMutation(trpc.changeOrders.signMine.mutationOptions());
  const sendIt = useMutation(trpc.changeOrders.send.mutationOptions());
  const send = useMutation({
    mutationFn: async (png: string) => {
      await signMine.mutateAsync({ id: order.id, signature: png });
      await sendIt.mutateAsync({ id: order.id });
    },
    onSuccess: async () => {
      showToast({
        title: 'Change order sent',
        message: `Change Order ${order.number} was emailed to be signed`,
      });
      // The draft is now sent: the contract's page lists it as awaiting signature.
      await queryClient.invalidateQueries(trpc.changeOrders.pathFilter());
      await navigate({ to: '/contracts/$id', params: { id: order.contract_id } });
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
