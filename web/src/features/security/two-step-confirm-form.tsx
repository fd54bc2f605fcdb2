import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CodeField, CodeKindSwitch, type CodeKind } from './code-field';
import { codeProblem } from './code-rules';

export type ConfirmPurpose = 'disable' | 'renew';

const WORDS = {
  disable: {
    intro: 'To turn it off, enter your password and a code.',
    submit: 'Turn off two-step sign-in',
  },
  renew: {
    intro: 'New codes replace the old ones, used or not. Enter your password and a code.',
    submit: 'Make new recovery codes',
  },
} as const satisfies Record<ConfirmPurpose, { intro: string; submit: string }>;

/**
 * Turning two-step sign-in off, or making new recovery codes: both ask for the password and a
 * code from the app (or a recovery code, for someone whose phone is gone).
 */
export function TwoStepConfirmForm(props: {
  purpose: ConfirmPurpose;
  onDisabled: () => void;
  onRenewed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<CodeKind>('code');
  // The form's rules are read when it validates, after the switch may have changed the kind.
  const kindNow = useRef<CodeKind>('code');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => (value ? null : 'Required'),
      code: (value) => codeProblem(kindNow.current, value),
    },
  });
  const refused = (error: unknown) => {
    const message = errorMessage(error, 'Please try again');
    if (/password/i.test(message)) form.setFieldError('password', message);
    else form.setFieldError('code', message);
  };
  const disable = useMutation(
    trpc.auth.twoFactor.disable.mutationOptions({ onSuccess: props.onDisabled, onError: refused }),
  );
  const renew = useMutation(
    trpc.auth.twoFactor.recoveryCodes.mutationOptions({
      onSuccess: (answer) => props.onRenewed(answer.recovery_codes),
      onError: refused,
    }),
  );
  const pending = disable.isPending || renew.isPending;
  const words = WORDS[props.purpose];
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        props.purpose === 'disable' ? disable.mutate(values) : renew.mutate(values),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">{words.intro}</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <CodeField kind={kind} required key={form.key('code')} {...form.getInputProps('code')} />
        <div>
          <CodeKindSwitch
            kind={kind}
            onChange={(next) => {
              kindNow.current = next;
              setKind(next);
              form.setFieldValue('code', '');
              form.clearFieldError('code');
            }}
          />
        </div>
        <Group gap="xs">
          <Button
            type="submit"
            loading={pending}
            color={props.purpose === 'disable' ? 'red' : undefined}
          >
            {words.submit}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
