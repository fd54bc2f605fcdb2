import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { PaymentSettings } from './payments-shared';

/** Disconnect clears both secrets, after a confirm that says what clients lose. */
export function DisconnectStripe(props: { onDisconnected: (saved: PaymentSettings) => void }) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation(
    trpc.payments.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        setConfirming(false);
        props.onDisconnected(saved);
        showToast({
          title: 'Stripe disconnected',
          message: 'Both secrets are removed from TradeSign',
        });
      },
      onError: (error) =>
        showToast({
          title: 'Stripe not disconnected',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  if (!confirming) {
    return (
      <Group>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" role="group" aria-label="Disconnect Stripe">
      <Text size="sm">
        Disconnect Stripe? Both secrets are removed, and clients can no longer pay online until you
        connect again. Payments already made stay in Stripe and on their contracts.
      </Text>
      <Group gap="xs">
        <Button
          color="red"
          loading={disconnect.isPending}
          onClick={() => disconnect.mutate({ stripe_secret_key: '', stripe_webhook_secret: '' })}
        >
          Disconnect now
        </Button>
        <Button variant="default" onClick={() => setConfirming(false)}>
          Keep connected
        </Button>
      </Group>
    </Stack>
  );
}
