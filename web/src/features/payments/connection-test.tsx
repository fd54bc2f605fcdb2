import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { stripeProblem, useSettingsAnswer, type PaymentSettings } from './payments-shared';

/**
 * Test connection: Stripe reads the account with the saved key; the answer is the account's
 * name (kept for the page's status) or why it failed, in words an owner can act on.
 */
export function ConnectionTest(props: { settings: PaymentSettings; unsavedKey: boolean }) {
  const putAnswer = useSettingsAnswer();
  const test = useMutation(
    trpc.payments.testConnection.mutationOptions({
      onSuccess: (tested) => putAnswer({ ...props.settings, account_name: tested.account_name }),
    }),
  );
  // Another key may be another account: an earlier answer no longer says anything.
  const { reset } = test;
  const savedKey = props.settings.stripe_secret_key;
  useEffect(() => reset(), [savedKey, reset]);
  return (
    <Stack gap="xs">
      <div>
        <Button
          variant="default"
          loading={test.isPending}
          onClick={() => test.mutate()}
          aria-describedby={props.unsavedKey ? 'test-uses-saved-key' : undefined}
        >
          Test connection
        </Button>
        {props.unsavedKey && (
          <Text size="xs" c="dimmed" mt={4} id="test-uses-saved-key">
            The test uses the saved key: save the new one first.
          </Text>
        )}
      </div>
      <div role="status" aria-live="polite">
        {test.isSuccess && (
          <Alert
            color="green"
            icon={<IconCircleCheck size={20} aria-hidden />}
            title={`Connected to ${test.data.account_name}`}
          >
            {test.data.live
              ? 'A live key: clients pay real money into this account.'
              : 'A test key: no real money moves until you save a live key.'}
          </Alert>
        )}
        {test.isError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title="Could not connect to Stripe"
          >
            {stripeProblem(test.error)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
