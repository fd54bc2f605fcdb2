import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { safeRedirectPath } from '@domain/auth-forms.schemas';
import { FEW_RECOVERY_CODES, SIGN_IN_TIMED_OUT } from '@domain/two-factor.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { CodeField, CodeKindSwitch, type CodeKind } from '../security/code-field';
import { codeProblem } from '../security/code-rules';
import { currentUserQuery } from './use-current-user';

/**
 * The second step of signing in (issue 34): the code from the app, or a recovery code. After a
 * recovery code it says how many are left, and warns when few are, before going on.
 */
export function TwoFactorStep(props: { redirectTo: string | undefined; onRestart: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [kind, setKind] = useState<CodeKind>('code');
  const kindNow = useRef<CodeKind>('code');
  const [codesLeft, setCodesLeft] = useState<number | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: (value) => codeProblem(kindNow.current, value) },
  });
  const goOn = () => navigate({ to: safeRedirectPath(props.redirectTo) });
  const finish = useMutation(
    trpc.auth.loginTwoFactor.mutationOptions({
      onSuccess: async (answer, input) => {
        queryClient.setQueryData(currentUserQuery().queryKey, answer);
        if (input.recovery_code !== undefined) {
          setCodesLeft(answer.user?.recovery_codes_left ?? 0);
          return;
        }
        showToast({ title: 'Welcome back!', message: `Signed in as ${answer.user?.email ?? ''}` });
        await goOn();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Please try again');
        if (message !== SIGN_IN_TIMED_OUT) return form.setFieldError('code', message);
        showToast({ title: 'Sign-in timed out', message, error: true });
        props.onRestart();
      },
    }),
  );

  if (codesLeft !== null) return <RecoveryCodeUsed left={codesLeft} onContinue={goOn} />;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ code }) =>
        finish.mutate(kind === 'code' ? { code } : { recovery_code: code }),
      )}
    >
      <Stack>
        <Text>
          {kind === 'code'
            ? 'Open your authenticator app and enter the code it shows for TradeSign.'
            : 'Enter one of the recovery codes you saved. Each one works once.'}
        </Text>
        <CodeField
          kind={kind}
          required
          data-autofocus
          autoFocus
          key={`${kind}-${form.key('code')}`}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={finish.isPending} fullWidth size="md">
          Sign In
        </Button>
        <Group justify="space-between" gap="xs">
          <CodeKindSwitch
            kind={kind}
            onChange={(next) => {
              kindNow.current = next;
              setKind(next);
              form.setFieldValue('code', '');
              form.clearFieldError('code');
            }}
          />
          <Button variant="subtle" px={0} color="gray" onClick={props.onRestart}>
            Start over
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodeUsed(props: { left: number; onContinue: () => Promise<void> }) {
  const few = props.left <= FEW_RECOVERY_CODES;
  const navigate = useNavigate();
  const left = props.left === 1 ? '1 recovery code left' : `${props.left} recovery codes left`;
  return (
    <Stack>
      <Alert
        color={few ? 'yellow' : 'blue'}
        title="Signed in with a recovery code"
        role={few ? 'alert' : 'status'}
      >
        That code no longer works. You have {left}.
        {few && ' Make new ones now, so a lost phone cannot lock you out.'}
      </Alert>
      {few && (
        <Button size="md" fullWidth onClick={() => void navigate({ to: '/settings/security' })}>
          Make new recovery codes
        </Button>
      )}
      <Button
        size="md"
        fullWidth
        variant={few ? 'default' : 'filled'}
        onClick={() => void props.onContinue()}
      >
        Continue
      </Button>
    </Stack>
  );
}
