import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  FEW_RECOVERY_CODES,
  RECOVERY_CODE_COUNT,
  type TwoFactorSetup,
} from '@domain/two-factor.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { currentUserQuery } from '../auth/use-current-user';
import { RecoveryCodesShown } from './recovery-codes-shown';
import { TwoStepConfirmForm, type ConfirmPurpose } from './two-step-confirm-form';
import { TwoStepSetup } from './two-step-setup';

/**
 * Settings → Security: two-step sign-in (issue 34). Off, it offers to turn it on; while it is
 * being set up, the key and the code field; on, how many recovery codes are left, new codes and
 * turning it off. Recovery codes are shown once, right after they are made.
 */
export function TwoStepSignInSection() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(currentUserQuery());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<ConfirmPurpose | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
  const start = useMutation(
    trpc.auth.twoFactor.setup.mutationOptions({
      onSuccess: (answer) => {
        setCodes(null);
        setSetup(answer);
      },
      onError: (error) =>
        showToast({
          title: 'Could not start',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const user = data.user;
  if (!user) return null;

  const shown = (recoveryCodes: string[]) => {
    setSetup(null);
    setConfirming(null);
    setCodes(recoveryCodes);
    void refresh();
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="two-step-heading">
      <Stack gap="md">
        <div>
          <Group gap="xs" align="center">
            <Title order={2} size="h3" id="two-step-heading">
              Two-step sign-in
            </Title>
            <Badge color={user.two_factor_enabled ? 'green' : 'gray'} variant="light">
              {user.two_factor_enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            After your password, a code from an authenticator app on your phone: a stolen password
            alone no longer gets anyone in.
          </Text>
        </div>
        {codes && (
          <RecoveryCodesShown email={user.email} codes={codes} onDone={() => setCodes(null)} />
        )}
        {setup ? (
          <TwoStepSetup
            setup={setup}
            onEnabled={(recoveryCodes) => {
              shown(recoveryCodes);
              showToast({ title: 'Two-step sign-in is on', message: 'Save your recovery codes' });
            }}
            onCancel={() => setSetup(null)}
          />
        ) : !user.two_factor_enabled ? (
          <div>
            <Button onClick={() => start.mutate()} loading={start.isPending}>
              Turn on two-step sign-in
            </Button>
          </div>
        ) : confirming ? (
          <TwoStepConfirmForm
            purpose={confirming}
            onDisabled={() => {
              setConfirming(null);
              setCodes(null);
              void refresh();
              showToast({
                title: 'Two-step sign-in is off',
                message: 'Signing in asks for your password only',
              });
            }}
            onRenewed={(recoveryCodes) => {
              shown(recoveryCodes);
              showToast({
                title: 'New recovery codes made',
                message: 'The old ones no longer work',
              });
            }}
            onCancel={() => setConfirming(null)}
          />
        ) : (
          <Stack gap="sm">
            <RecoveryCodesLeft left={user.recovery_codes_left} />
            <Group gap="xs">
              <Button variant="default" onClick={() => setConfirming('renew')}>
                Make new recovery codes
              </Button>
              <Button variant="default" color="red" onClick={() => setConfirming('disable')}>
                Turn off
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function RecoveryCodesLeft({ left }: { left: number }) {
  const sentence = `${left} of ${RECOVERY_CODE_COUNT} recovery codes left.`;
  if (left > FEW_RECOVERY_CODES) return <Text>{sentence}</Text>;
  return (
    <Alert color="yellow" title={left === 0 ? 'No recovery codes left' : 'Few recovery codes left'}>
      {sentence} If you lose your phone, a recovery code is the only way in: make new ones now.
    </Alert>
  );
}
